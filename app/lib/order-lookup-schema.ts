import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { email } from "./account-schemas";
import { parseOrderNumber } from "./order-number";

/** /order/lookup and POST /api/v1/order/lookup: a guest's order by its number and the e-mail it was bought with. */
export const orderLookupSchema = z.object({
  orderNumber: z
    .union([z.string(), z.number()], { required_error: "Please enter the order number" })
    .transform((value, ctx) => {
      const number = parseOrderNumber(String(value));
      if (number === null) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: "Please enter the order number, as #1001" });
        return z.NEVER;
      }
      return number;
    })
    .describe('The order number, as 1001 or "#1001".'),
  email,
});

export const orderLookupValidator = withZod(orderLookupSchema);

/** The one answer to a lookup that finds nothing: it never says whether the e-mail or the number exists. */
export const LOOKUP_NOT_FOUND = "We found no order with that number and e-mail. Check both, as in your receipt.";
