import { withZod } from "@remix-validated-form/with-zod";
import { shippingSchema } from "./shipping-schema";

export const shippingValidator = withZod(shippingSchema);
