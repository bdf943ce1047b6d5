import { z } from "zod";

// "Tell me when it's back": the product page's form and POST /api/v1/product/{id}/notify.

export const stockAlertSchema = z.object({
  email: z
    .string({ required_error: "Please enter your email", invalid_type_error: "Please enter your email" })
    .trim()
    .min(1, "Please enter your email")
    .max(254, "Please enter valid email address")
    .email("Please enter valid email address")
    .transform((value) => value.toLowerCase()),
  // The variant asked for; none (or "") for a product without options, or for any of its variants.
  variant: z
    .string({ invalid_type_error: "Choose a variant of the product" })
    .trim()
    .max(64, "Choose a variant of the product")
    .optional()
    .transform((value) => value ?? "")
    .describe("The variant's id, for a product with options; left out: any of them"),
});

export type StockAlertInput = z.infer<typeof stockAlertSchema>;
