import { z } from "zod";
import { checkbox } from "./checkbox-field";
import { ORDER_STATUSES } from "./order-states";
import { reviewSchema } from "./review-schema";

// Request bodies of /api/v1 calls that have no page form of their own. The routes validate with
// these very objects, and the OpenAPI document (app/web/openapi) is generated from them.

export const orderStatusInput = z.object({
  status: z.enum(ORDER_STATUSES, { errorMap: () => ({ message: "Please choose Processing, Shipped or Delivered" }) }),
  confirmBackward: checkbox.describe(
    "Must be `true` to move an order back (Delivered → Shipped or Processing, Shipped → Processing): a correction, " +
      "mailed to nobody. Without it a step back is refused with 409. A step forward mails the buyer; the same status changes nothing.",
  ),
});

// The checkout calls accept the specification client's numeric strings: app/lib/order-schema.ts.
export { newOrderSchema as orderNewInput, paymentProcessSchema as paymentProcessInput } from "./order-schema";

export const reviewInput = reviewSchema.extend({
  productId: z.string({ required_error: "Please send the productId" }).min(1, "Please send the productId"),
});
