import { z } from "zod";

export const addToCartSchema = z.object({
  quantity: z.coerce
    .number({ invalid_type_error: "Quantity must be a whole number" })
    .int("Quantity must be a whole number")
    .min(1, "Quantity must be at least 1")
    .max(1_000_000, "Quantity is too large"),
  // The variant chosen on the page; none for a product without options.
  variantId: z
    .string()
    .max(64, "Choose one of the product's versions")
    .optional()
    .transform((v) => v ?? ""),
});
