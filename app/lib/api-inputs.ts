import { z } from "zod";
import { ORDER_STATUSES } from "./order-states";
import { reviewSchema } from "./review-schema";

// Request bodies of /api/v1 calls that have no page form of their own. The routes validate with
// these very objects, and the OpenAPI document (app/web/openapi) is generated from them.

export const orderStatusInput = z.object({
  status: z.enum(ORDER_STATUSES, { errorMap: () => ({ message: "Please choose Processing, Shipped or Delivered" }) }),
});

export const orderNewInput = z.object({
  paymentInfo: z.object(
    { id: z.string({ required_error: "paymentInfo.id is required" }).min(1, "paymentInfo.id is required") },
    { required_error: "paymentInfo is required" },
  ),
  totalPrice: z.number().optional(),
});

export const paymentProcessInput = z.object({
  amount: z.number({ required_error: "Please send the amount in cents", invalid_type_error: "The amount must be a number of cents" }).int("The amount must be a whole number of cents"),
});

export const reviewInput = reviewSchema.extend({
  productId: z.string({ required_error: "Please send the productId" }).min(1, "Please send the productId"),
});
