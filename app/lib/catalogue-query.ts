import { z } from "zod";
import { QUERY_FIELDS, SORTS, type ProductSort, type QueryField } from "./catalogue-fields";
import { DEFAULT_MONEY_FORMAT } from "./money";
import { parseMoneyInput } from "./money-input";
import type { Locale } from "./shop-settings";
import { fieldErrorsOf } from "./zod-errors";

export { QUERY_FIELDS, SORTS, type ProductSort, type QueryField };

/** The catalogue's page size (the API's `resPerPage`). */
export const RES_PER_PAGE = 8;
export const MAX_KEYWORD_LENGTH = 100;

export type ProductQuery = {
  keyword?: string;
  page: number;
  category?: string;
  priceGteCents?: number;
  priceLteCents?: number;
  ratingsGte?: number;
  sort?: ProductSort;
};

/** The order a query lists in: relevance needs a keyword; without one the newest come first. */
export function effectiveSort(q: Pick<ProductQuery, "keyword" | "sort">): ProductSort {
  const hasKeyword = Boolean(q.keyword?.trim());
  if (q.sort && (q.sort !== "relevance" || hasKeyword)) return q.sort;
  return hasKeyword ? "relevance" : "newest";
}

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/** A price bound as the shop's locale writes money ("39,90" in de-DE), in cents. */
const amount = (label: string, locale: Locale) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .transform((v, ctx) => {
        const parsed = parseMoneyInput(v, locale, label);
        if ("cents" in parsed) return parsed.cents;
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: parsed.message });
        return z.NEVER;
      })
      .optional(),
  );

const querySchema = (locale: Locale) =>
  z
    .object({
      keyword: z.preprocess(
        blankToUndefined,
        z
          .string()
          .trim()
          .max(MAX_KEYWORD_LENGTH, `The search text can be at most ${MAX_KEYWORD_LENGTH} characters`)
          .optional(),
      ),
      page: z.preprocess(
        blankToUndefined,
        z
          .string()
          .trim()
          .regex(/^\d{1,6}$/, "page must be a whole number from 1")
          .transform(Number)
          .refine((n) => n >= 1, "page must be a whole number from 1")
          .default("1"),
      ),
      // One of the shop's categories, by name: checked against them in parseProductQuery.
      category: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
      priceGte: amount("The minimum price", locale),
      priceLte: amount("The maximum price", locale),
      ratingsGte: z.preprocess(
        blankToUndefined,
        z
          .string()
          .trim()
          .regex(/^[0-5](\.\d{1,2})?$/, "The minimum rating must be a number from 0 to 5")
          .transform(Number)
          .refine((n) => n <= 5, "The minimum rating must be a number from 0 to 5")
          .optional(),
      ),
      sort: z.preprocess(
        blankToUndefined,
        z
          .enum(SORTS, { errorMap: () => ({ message: `sort must be one of: ${SORTS.join(", ")}` }) })
          .optional()
          .describe(
            "The order: relevance (the default with a keyword), newest (the default without), price-asc, price-desc, rating",
          ),
      ),
    })
    .refine((q) => q.priceGte === undefined || q.priceLte === undefined || q.priceGte <= q.priceLte, {
      message: "The minimum price cannot be more than the maximum price",
      path: ["priceLte"],
    });

/** The catalogue query's fields (keys are QUERY_FIELDS' keys, not the URL names); the OpenAPI document reads it. */
export const catalogueQuerySchema = querySchema(DEFAULT_MONEY_FORMAT.locale);

export type QueryParseResult =
  | { success: true; query: ProductQuery }
  | { success: false; message: string; fieldErrors: Partial<Record<QueryField, string>> };

/** The message for a category the shop does not have. */
const unknownCategory = (categories: readonly string[]) =>
  categories.length ? `category must be one of: ${categories.join(", ")}` : "The shop has no categories yet";

/**
 * Reads the catalogue query from URL parameters (`price[gte]` style, as the original API); a
 * category must be one of `categories` (the shop's, by name); prices as `locale` writes money.
 */
export function parseProductQuery(
  params: URLSearchParams,
  categories: readonly string[],
  { locale = DEFAULT_MONEY_FORMAT.locale, ...overrides }: { keyword?: string; locale?: Locale } = {},
): QueryParseResult {
  const raw: Record<string, string | undefined> = {};
  for (const [field, name] of Object.entries(QUERY_FIELDS)) raw[field] = params.get(name) ?? undefined;
  if (overrides.keyword !== undefined) raw.keyword = overrides.keyword;

  const result = querySchema(locale).safeParse(raw);
  if (!result.success) {
    const fieldErrors = fieldErrorsOf(result.error) as Partial<Record<QueryField, string>>;
    return { success: false, message: result.error.issues[0].message, fieldErrors };
  }
  const q = result.data;
  if (q.category !== undefined && !categories.includes(q.category)) {
    const message = unknownCategory(categories);
    return { success: false, message, fieldErrors: { category: message } };
  }
  return {
    success: true,
    query: {
      keyword: q.keyword,
      page: q.page,
      category: q.category,
      priceGteCents: q.priceGte,
      priceLteCents: q.priceLte,
      ratingsGte: q.ratingsGte,
      sort: q.sort,
    },
  };
}
