import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { UNKNOWN_CATEGORY } from "./category-schema";
import { moneyField, perLocale } from "./money-input";
import type { Locale } from "./shop-settings";

/** The most pictures one product shows (the admin form and the API alike). */
export const MAX_PRODUCT_IMAGES = 10;

// The admin's product form and API; messages are the original API's where it had them. The price is
// read as the shop's locale writes money (app/lib/money-input.ts).
export const productSchema = (locale: Locale) =>
  z.object({
    name: z
      .string({ required_error: "Please enter product name" })
      .trim()
      .min(1, "Please enter product name")
      .max(100, "Product name cannot exceed 100 characters"),
    price: moneyField(locale, "The price")
      .refine((cents) => cents !== null, "Please enter product price")
      .transform((cents) => cents!)
      .describe('A number (19.99), or text as the shop\'s locale writes money ("19,99" in a German shop)'),
    description: z
      .string({ required_error: "Please enter product description" })
      .trim()
      .min(1, "Please enter product description")
      .max(4000, "The description can be at most 4000 characters"),
    // One of the shop's categories: the model checks the name against them (app/models/categories.server.ts).
    category: z
      .string({ required_error: UNKNOWN_CATEGORY, invalid_type_error: UNKNOWN_CATEGORY })
      .trim()
      .min(1, UNKNOWN_CATEGORY)
      .max(40, UNKNOWN_CATEGORY),
    seller: z
      .string({ required_error: "Please enter product seller" })
      .trim()
      .min(1, "Please enter product seller")
      .max(100, "The seller can be at most 100 characters"),
    stock: z
      .union([z.string(), z.number()], { required_error: "Please enter product stock" })
      .transform((v) => String(v).trim())
      .pipe(
        z
          .string()
          .min(1, "Please enter product stock")
          .regex(/^\d{1,5}$/, "The stock must be a whole number from 0 to 99999"),
      )
      .transform(Number),
    // Left out (the specification's client never sends it), the weight stays as it was; empty clears it.
    weightGrams: z
      .union([z.string(), z.number(), z.null()])
      .optional()
      .transform((v, context) => {
        if (v === undefined) return undefined;
        const text = v === null ? "" : String(v).trim();
        if (text === "") return null;
        if (/^\d{1,7}$/.test(text)) return Number(text);
        context.addIssue({ code: "custom", message: "The weight must be a whole number of grams, such as 1500" });
        return z.NEVER;
      })
      .describe("The weight in grams, for shipping rates by weight; null or empty clears it, left out keeps it"),
  });

export type ProductInput = z.infer<ReturnType<typeof productSchema>>;
export const productValidator = perLocale((locale) => withZod(productSchema(locale)));
