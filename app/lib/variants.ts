// A product's options (Memory: 8 GB / 16 GB; Colour) and its variants, one per combination that
// exists. Pure: the product page, the cart, the admin and the API share it. A product with no
// options has no variant rows: the product itself is its one default variant (its own price and
// stock), so today's products and the specification's fields work unchanged.

/** The most options one product has, and values one option has (3 × 10 would be too many variants). */
export const MAX_OPTIONS = 3;
export const MAX_OPTION_VALUES = 10;
/** The most variants (combinations) one product can have. */
export const MAX_VARIANTS = 100;

export type ProductOption = { name: string; values: string[] };

export type ProductVariant = {
  id: string;
  /** One value per option, in the options' order. */
  optionValues: string[];
  /** The values as people read them: "16 GB / Silver". */
  title: string;
  sku: string | null;
  priceCents: number;
  stock: number;
  /** One of the product's pictures, shown when this variant is chosen; null: the product's first. */
  imageUrl: string | null;
};

/** How a variant is named on a cart line, a receipt or the admin's order page. */
export const variantTitle = (values: readonly string[]) => values.join(" / ");

/** A cart or order line's name: the product's, and the variant's when it has one. */
export const lineName = (name: string, variantTitle: string | null | undefined) =>
  variantTitle ? `${name} (${variantTitle})` : name;

/** A line's product page, showing its variant. */
export const productHref = ({ productId, variantId }: { productId: string; variantId?: string | null }) =>
  `/product/${encodeURIComponent(productId)}${variantId ? `?variant=${encodeURIComponent(variantId)}` : ""}`;

/** Every combination of the options' values, in order (the first option varies slowest). */
export function combinations(options: readonly ProductOption[]): string[][] {
  if (options.length === 0) return [];
  return options.reduce<string[][]>(
    (combos, option) => combos.flatMap((combo) => option.values.map((value) => [...combo, value])),
    [[]],
  );
}

/** The variant shown when none is asked for: the first in stock, else the first. */
export function defaultVariant<V extends Pick<ProductVariant, "stock">>(variants: readonly V[]): V | null {
  return variants.find((v) => v.stock > 0) ?? variants[0] ?? null;
}

const sameValues = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value, i) => value === b[i]);

/** The variant with exactly these values, if that combination exists. */
export function variantWith<V extends Pick<ProductVariant, "optionValues">>(
  variants: readonly V[],
  values: readonly string[],
): V | null {
  return variants.find((v) => sameValues(v.optionValues, values)) ?? null;
}

/** What a shopper chose: the values (one per option) and the variant they name, null when it does not exist. */
export type VariantChoice<V> = { values: string[]; variant: V | null };

/**
 * The choice a product page shows: the variant named by id, else the values asked for (an option
 * not asked for, or asked for with a value it does not have, keeps the default variant's value),
 * else the default variant.
 */
export function chooseVariant<V extends Pick<ProductVariant, "id" | "optionValues" | "stock">>(
  options: readonly ProductOption[],
  variants: readonly V[],
  asked: { variantId?: string | null; values?: readonly (string | null | undefined)[] },
): VariantChoice<V> {
  const byId = asked.variantId ? variants.find((v) => v.id === asked.variantId) : undefined;
  if (byId) return { values: [...byId.optionValues], variant: byId };
  const fallback = defaultVariant(variants);
  const values = options.map((option, i) => {
    const wanted = asked.values?.[i];
    return wanted && option.values.includes(wanted) ? wanted : (fallback?.optionValues[i] ?? option.values[0]);
  });
  return { values, variant: variantWith(variants, values) };
}

/** How choosing `value` for one option, keeping the other choices, would turn out. */
export type ValueState = "available" | "sold-out" | "unavailable";

/** For each option's each value: whether the combination it makes with the other choices exists and is in stock. */
export function valueStates<V extends Pick<ProductVariant, "optionValues" | "stock">>(
  options: readonly ProductOption[],
  variants: readonly V[],
  chosen: readonly string[],
): ValueState[][] {
  return options.map((option, i) =>
    option.values.map((value) => {
      const variant = variantWith(
        variants,
        chosen.map((c, j) => (j === i ? value : c)),
      );
      if (!variant) return "unavailable";
      return variant.stock > 0 ? "available" : "sold-out";
    }),
  );
}

/** The lowest and highest price among the variants; null when the product has none. */
export function priceRange(variants: readonly Pick<ProductVariant, "priceCents">[]) {
  if (variants.length === 0) return null;
  const prices = variants.map((v) => v.priceCents);
  return { minCents: Math.min(...prices), maxCents: Math.max(...prices) };
}

/** Whether a list shows "from $X": the variants' prices differ. */
export const pricesDiffer = (variants: readonly Pick<ProductVariant, "priceCents">[]) => {
  const range = priceRange(variants);
  return range !== null && range.minCents !== range.maxCents;
};

/** What a product with variants keeps on its own row: the lowest price (lists sort and filter by it) and the stock of all. */
export function productTotals(variants: readonly Pick<ProductVariant, "priceCents" | "stock">[]) {
  const range = priceRange(variants);
  return range ? { priceCents: range.minCents, stock: variants.reduce((sum, v) => sum + v.stock, 0) } : null;
}
