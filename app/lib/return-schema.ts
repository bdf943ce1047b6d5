import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { itemsFormSchema, orderItemsField } from "./refund-schema";
import { RETURN_ACTION_NAMES, RETURN_FILTERS } from "./returns";
import { PAGE_SIZES } from "./table-query";

// A shopper's return request (the order's return page, POST /api/v1/order/{id}/return) and the
// admin's step on it (the order's page, POST /api/v1/admin/return/{id}).

export const NOTHING_TO_RETURN = "Choose the items to return.";
const MISSING_REASON = "Say why you return them";

export const returnInput = z
  .object({
    items: orderItemsField("return").describe("The items to send back (`item`: the order line's id) and how many"),
    reason: z
      .string({ required_error: MISSING_REASON, invalid_type_error: MISSING_REASON })
      .trim()
      .min(1, MISSING_REASON)
      .max(500, "The reason can be at most 500 characters")
      .describe("Why: the shop reads it"),
  })
  .superRefine((input, ctx) => {
    if (!input.items.some((i) => i.quantity > 0))
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["items"], message: NOTHING_TO_RETURN });
  });
export type ReturnInput = z.output<typeof returnInput>;

/** The return form: its items as `qty_<lineId>` fields. */
export const returnValidator = withZod(itemsFormSchema(returnInput));

export const returnActionInput = z.object({
  action: z.enum(RETURN_ACTION_NAMES, {
    errorMap: () => ({ message: `Choose one of: ${RETURN_ACTION_NAMES.join(", ")}` }),
  }),
});

/** GET /api/v1/admin/returns: the inbox's filter, search and page, as the page's URL carries them. */
export const returnsInboxQuery = z.object({
  state: z
    .enum(RETURN_FILTERS, { errorMap: () => ({ message: `Choose the state: one of ${RETURN_FILTERS.join(", ")}` }) })
    .optional()
    .describe("`waiting`: those waiting for the shop (requested, or received and to refund); else one status"),
  q: z
    .string()
    .trim()
    .max(100, "The search can be at most 100 characters")
    .optional()
    .describe("Order number, customer or reason"),
  page: z.coerce
    .number({ invalid_type_error: "The page is a whole number from 1" })
    .int("The page is a whole number from 1")
    .min(1, "The page is a whole number from 1")
    .max(1_000_000, "The page is a whole number from 1")
    .optional(),
  size: z.coerce
    .number()
    .refine(
      (n) => (PAGE_SIZES as readonly number[]).includes(n),
      `Choose the page size: one of ${PAGE_SIZES.join(", ")}`,
    )
    .optional()
    .describe(`Returns a page: ${PAGE_SIZES.join(", ")} (${PAGE_SIZES[0]} unless said)`),
});
