import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { UNKNOWN_CATEGORY } from "./category-schema";
import { moneyField, perLocale } from "./money-input";
import type { Locale } from "./shop-settings";

/** The most pictures one product shows (the admin form and the API alike). */
export const MAX_PRODUCT_IMAGES = 10;
export const NO_IMAGES = "Please add at least one image";
export const TOO_MANY_IMAGES = `A product can have at most ${MAX_PRODUCT_IMAGES} images`;

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
    // One of the shop's categories: the model checks the name against them (app/models/catalogue/categories.server.ts).
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

/** The fields of the admin form that carry its pictures: new files, and those kept from a refused submit. */
export const PICTURE_FIELDS = { files: "images", kept: "keptImage", remove: "removeKeptImage" } as const;

/** A picture stored for a refused form: its URL, and what the form sends back for it (the URL, signed). */
export type KeptImage = { url: string; token: string };

const listOf = (value: unknown): unknown[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** How many pictures the form sends: files chosen, and kept pictures not ticked for removal. */
export function pictureCount(fields: Record<string, unknown>): number {
  const files = listOf(fields[PICTURE_FIELDS.files]).filter(
    (v) => typeof v === "object" && v !== null && "size" in v && Number(v.size) > 0,
  );
  const removed = new Set(listOf(fields[PICTURE_FIELDS.remove]));
  const kept = listOf(fields[PICTURE_FIELDS.kept]).filter(
    (v) => typeof v === "string" && !removed.has(v.split("#")[0]),
  );
  return files.length + kept.length;
}

/**
 * The admin form's validator: the fields, and (mirroring the model's rule, so that the browser shows
 * it with the others) how many pictures a new product has. Each field is checked on its own, so that
 * every message shows at once.
 */
const formValidator = (locale: Locale, creating: boolean) =>
  withZod(
    z.preprocess(
      (fields) => {
        const record = typeof fields === "object" && fields !== null ? (fields as Record<string, unknown>) : {};
        return { ...record, [PICTURE_FIELDS.files]: pictureCount(record) };
      },
      productSchema(locale).extend({
        [PICTURE_FIELDS.files]: z
          .number()
          .min(creating ? 1 : 0, NO_IMAGES)
          .max(MAX_PRODUCT_IMAGES, TOO_MANY_IMAGES),
      }),
    ),
  );
const FORM_VALIDATORS = {
  creating: perLocale((locale) => formValidator(locale, true)),
  updating: perLocale((locale) => formValidator(locale, false)),
};
export const productFormValidator = (locale: Locale, creating: boolean) =>
  FORM_VALIDATORS[creating ? "creating" : "updating"](locale);
