import { withZod } from "@remix-validated-form/with-zod";
import { guestShippingSchema, shippingSchema } from "./shipping-schema";

export const shippingValidator = withZod(shippingSchema);
export const guestShippingValidator = withZod(guestShippingSchema);
