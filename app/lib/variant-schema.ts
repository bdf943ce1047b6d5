import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { readMoney } from "./money-input";
import type { Locale } from "./shop-settings";
import {
  MAX_OPTION_VALUES,
  MAX_OPTIONS,
  MAX_VARIANTS,
  combinations,
  variantTitle,
  type ProductOption,
} from "./variants";

// The admin's forms for a product's options and variants, and the API's bodies for the same.

const asText = z.union([z.string(), z.number()]).transform((v) => String(v).trim());
const CONTROL = /\p{Cc}/u;

/** An option's values: a list (the API) or text separated by commas (the form). */
const optionValues = z
  .union([z.string(), z.array(z.union([z.string(), z.number()]))], {
    invalid_type_error: "Enter the values separated by commas",
  })
  .transform((v) => (Array.isArray(v) ? v.map(String) : v.split(",")).map((s) => s.trim()).filter(Boolean))
  .pipe(
    z
      .array(
        z
          .string()
          .max(40, "A value can be at most 40 characters")
          .refine((s) => !s.includes("/"), "A value cannot hold a slash (/)")
          .refine((s) => !CONTROL.test(s), "A value cannot hold control characters"),
      )
      .max(MAX_OPTION_VALUES, `At most ${MAX_OPTION_VALUES} values`)
      .refine((values) => new Set(values.map((s) => s.toLowerCase())).size === values.length, "Each value once"),
  );

const optionRow = z.object({
  name: asText
    .pipe(
      z
        .string()
        .max(30, "The name can be at most 30 characters")
        .refine((s) => !CONTROL.test(s), "The name cannot hold control characters"),
    )
    .optional()
    .default(""),
  values: optionValues.optional().default([]),
});

/** The options form (three rows, empty ones ignored) and `PUT /api/v1/admin/product/{id}/options`. */
export const optionsSchema = z
  .object({
    options: z
      .preprocess(
        (v) => (v === undefined || v === "" ? [] : v),
        z.array(optionRow, { invalid_type_error: "Send a list of options" }),
      )
      .pipe(z.array(z.any()).max(MAX_OPTIONS, `At most ${MAX_OPTIONS} options`))
      .describe(`Up to ${MAX_OPTIONS} options, each a name and its values; none: the product has no variants`),
  })
  .transform(({ options }, context) => {
    const problem = (path: string, message: string) => {
      context.addIssue({ code: "custom", path: [path], message });
      return z.NEVER;
    };
    const kept: ProductOption[] = [];
    const names = new Set<string>();
    for (const [i, row] of (options as z.infer<typeof optionRow>[]).entries()) {
      if (row.name === "" && row.values.length === 0) continue;
      if (row.name === "") return problem(`options[${i}].name`, "Name this option, such as Memory or Colour");
      if (row.values.length === 0)
        return problem(`options[${i}].values`, "Enter this option's values, separated by commas");
      if (names.has(row.name.toLowerCase()))
        return problem(`options[${i}].name`, "Each option needs a name of its own");
      names.add(row.name.toLowerCase());
      kept.push({ name: row.name, values: row.values });
    }
    const count = kept.reduce((n, option) => n * option.values.length, kept.length ? 1 : 0);
    if (count > MAX_VARIANTS)
      return problem("options[0].values", `These options make ${count} combinations; at most ${MAX_VARIANTS}`);
    return kept;
  });
export const optionsValidator = withZod(optionsSchema);

const variantRow = z.object({
  // Which combination: its title ("16 GB / Silver", as the form and GET show it) or its values.
  title: z.string().max(200).optional(),
  options: z
    .array(z.union([z.string(), z.number()]).transform(String))
    .max(MAX_OPTIONS)
    .optional(),
  offered: z.union([z.string(), z.boolean()]).optional(),
  sku: z
    .union([asText, z.null()])
    .optional()
    .transform((v) => v || null)
    .pipe(
      z
        .string()
        .max(64, "The SKU can be at most 64 characters")
        .refine((s) => !CONTROL.test(s), "The SKU cannot hold control characters")
        .nullable(),
    ),
  // A JSON number as it is; text as the shop's locale writes money.
  price: z.union([z.string().trim(), z.number()]).optional().default(""),
  stock: asText.optional().default(""),
  image: z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => v?.trim() || null)
    .pipe(z.string().max(2048, "Choose one of the product's pictures").nullable()),
});

export type VariantInput = {
  values: string[];
  sku: string | null;
  priceCents: number;
  stock: number;
  image: string | null;
};

/**
 * The variants form (a row per combination, "offered" ticked or not) and the API's list (each row
 * one offered variant): checked against the product's options, each combination at most once.
 */
export const variantsSchema = (
  options: readonly ProductOption[],
  { fromForm, locale }: { fromForm: boolean; locale: Locale },
) =>
  z
    .object({
      variants: z
        .preprocess(
          (v) => (v === undefined || v === "" ? [] : v),
          z.array(variantRow, { invalid_type_error: "Send a list of variants" }),
        )
        .pipe(z.array(z.any()).max(MAX_VARIANTS, `At most ${MAX_VARIANTS} variants`))
        .describe("Every variant offered: its option values (options, or title), SKU, price, stock and picture"),
    })
    .transform(({ variants }, context) => {
      const problem = (path: string, message: string) => {
        context.addIssue({ code: "custom", path: [path], message });
        return z.NEVER;
      };
      const known = new Map(combinations(options).map((values) => [variantTitle(values), values]));
      const kept: VariantInput[] = [];
      const seen = new Set<string>();
      const skus = new Set<string>();
      for (const [i, row] of (variants as z.infer<typeof variantRow>[]).entries()) {
        const at = `variants[${i}]`;
        // The form's row has no field for its combination: its message goes beside "offered".
        const which = `${at}.${fromForm ? "offered" : "options"}`;
        if (fromForm && !row.offered) continue;
        const title = row.options ? variantTitle(row.options) : (row.title ?? "");
        const values = known.get(title);
        if (!values) return problem(which, "Choose one value of each of the product's options");
        if (seen.has(title)) return problem(which, `${title} is listed twice`);
        seen.add(title);
        const price = readMoney(row.price, locale, "The price");
        if (!("cents" in price)) return problem(`${at}.price`, price.message);
        if (!/^\d{1,5}$/.test(row.stock))
          return problem(`${at}.stock`, "The stock must be a whole number from 0 to 99999");
        if (row.sku) {
          if (skus.has(row.sku.toLowerCase())) return problem(`${at}.sku`, "Each variant needs a SKU of its own");
          skus.add(row.sku.toLowerCase());
        }
        kept.push({
          values,
          sku: row.sku,
          priceCents: price.cents,
          stock: Number(row.stock),
          image: row.image,
        });
      }
      if (options.length > 0 && kept.length === 0)
        return problem("variants", "Offer at least one combination, or remove the options");
      return kept;
    });

/** The variants form's validator for a product with these options. */
export const variantsValidator = (options: readonly ProductOption[], locale: Locale) =>
  withZod(variantsSchema(options, { fromForm: true, locale }));
