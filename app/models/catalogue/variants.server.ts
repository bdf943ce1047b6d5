import { asc, eq, inArray, sql } from "drizzle-orm";
import { db, type Queryable, type Tx } from "~/db/client.server";
import { commitTogether } from "~/db/commit.server";
import { inList, isUniqueViolation, listParam, lockRows, preparedOnce } from "~/db/dialect";
import { productImages, productOptions, productVariants, products } from "~/db/schema";
import { PublicError } from "~/lib/public-error";
import type { VariantInput } from "~/lib/variant-schema";
import { combinations, productTotals, variantTitle, type ProductOption, type ProductVariant } from "~/lib/variants";

// A product's options and variants: read for its page, its cards and the API; written by the
// admin. The product's own price and stock follow its variants (lowest price, total stock) in
// the transaction that changes them; checkouts take stock per variant in reservation.server.ts.

export type ProductVariants = { options: ProductOption[]; variants: ProductVariant[] };

const NO_VARIANTS: ProductVariants = { options: [], variants: [] };

const variantColumns = {
  productId: productVariants.productId,
  id: productVariants.id,
  optionValues: productVariants.optionValues,
  title: productVariants.title,
  sku: productVariants.sku,
  priceCents: productVariants.priceCents,
  stock: productVariants.stock,
  imageUrl: productVariants.imageUrl,
};

const reads = preparedOnce((q) => ({
  options: q
    .select({ productId: productOptions.productId, name: productOptions.name, values: productOptions.values })
    .from(productOptions)
    .where(inList(productOptions.productId, sql.placeholder("ids")))
    .orderBy(asc(productOptions.productId), asc(productOptions.position))
    .prepare(),
  variants: q
    .select(variantColumns)
    .from(productVariants)
    .where(inList(productVariants.productId, sql.placeholder("ids")))
    .orderBy(asc(productVariants.productId), asc(productVariants.position))
    .prepare(),
}));

/** Each product's options and variants, in order (products without options: none of either). */
export async function variantsByProduct(ids: string[], q: Queryable = db): Promise<Map<string, ProductVariants>> {
  const byProduct = new Map<string, ProductVariants>(ids.map((id) => [id, { options: [], variants: [] }]));
  if (ids.length === 0) return byProduct;
  const [options, variants] = await Promise.all([
    reads(q).options.execute({ ids: listParam(ids) }),
    reads(q).variants.execute({ ids: listParam(ids) }),
  ]);
  for (const { productId, ...option } of options) byProduct.get(productId)?.options.push(option);
  for (const { productId, ...variant } of variants) byProduct.get(productId)?.variants.push(variant);
  return byProduct;
}

/** One product's options and variants. */
export async function variantsOf(productId: string, q: Queryable = db): Promise<ProductVariants> {
  return (await variantsByProduct([productId], q)).get(productId) ?? NO_VARIANTS;
}

const productNotFound = () => new PublicError("Product not found", 404);

/** Locks the product's row for the rest of the transaction: its variants change one writer at a time. */
async function lockProduct(tx: Tx, productId: string) {
  await lockRows(tx, products, [productId]);
  const [found] = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!found) throw productNotFound();
}

/** The product's own price and stock, from its variants (unchanged when it has none). */
async function keepTotals(tx: Tx, productId: string) {
  const variants = await tx
    .select({ priceCents: productVariants.priceCents, stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.productId, productId));
  const totals = productTotals(variants);
  if (totals) await tx.update(products).set(totals).where(eq(products.id, productId));
}

/**
 * Replaces the product's options. The variants follow: each combination that had a variant keeps
 * it (its price, stock, SKU), each new one is a variant at the product's price with no stock yet,
 * and a variant whose combination is gone is deleted. No options: the product has no variants,
 * and keeps the price and stock it had.
 */
export async function saveOptions(productId: string, options: ProductOption[]) {
  await commitTogether(async (tx) => {
    await lockProduct(tx, productId);
    const [product] = await tx
      .select({ priceCents: products.priceCents })
      .from(products)
      .where(eq(products.id, productId));
    const existing = await tx
      .select({ id: productVariants.id, optionValues: productVariants.optionValues })
      .from(productVariants)
      .where(eq(productVariants.productId, productId));
    const before = (await variantsOf(productId, tx)).options.map((o) => o.name);
    await tx.delete(productOptions).where(eq(productOptions.productId, productId));
    if (options.length)
      await tx
        .insert(productOptions)
        .values(options.map((option, position) => ({ productId, position, name: option.name, values: option.values })));

    const wanted = combinations(options);
    const kept = keptVariants(before, existing, options, wanted);
    const gone = existing.filter((v) => ![...kept.values()].includes(v.id)).map((v) => v.id);
    if (gone.length) await tx.delete(productVariants).where(inArray(productVariants.id, gone));
    for (const [position, values] of wanted.entries()) {
      const title = variantTitle(values);
      const id = kept.get(title);
      if (id)
        await tx
          .update(productVariants)
          .set({ position, optionValues: values, title })
          .where(eq(productVariants.id, id));
      else
        await tx
          .insert(productVariants)
          .values({ productId, position, optionValues: values, title, priceCents: product.priceCents, stock: 0 });
    }
    await keepTotals(tx, productId);
  });
}

/**
 * Which variant each new combination keeps (by its title): the one whose values agree on every
 * option both the old and new options have (by name), the first such combination only. So adding
 * an option keeps each variant (price, stock, SKU) as its first value's; removing one keeps the
 * first variant of each merged group; renaming a value starts that value afresh.
 */
function keptVariants(
  before: string[],
  existing: { id: string; optionValues: string[] }[],
  options: ProductOption[],
  wanted: string[][],
): Map<string, string> {
  const shared = options.map((o) => o.name).filter((name) => before.includes(name));
  const keyOf = (valueOf: (name: string) => string | undefined) => JSON.stringify(shared.map(valueOf));
  const byKey = new Map<string, string>();
  for (const v of existing) {
    const key = keyOf((name) => v.optionValues[before.indexOf(name)]);
    if (!byKey.has(key)) byKey.set(key, v.id);
  }
  const kept = new Map<string, string>();
  for (const values of wanted) {
    const key = keyOf((name) => values[options.findIndex((o) => o.name === name)]);
    const id = byKey.get(key);
    if (id !== undefined && shared.length > 0) {
      kept.set(variantTitle(values), id);
      byKey.delete(key);
    }
  }
  return kept;
}

/**
 * Sets the product's variants to these (each a combination of its options, checked by
 * variantsSchema): each keeps its id where it existed, the others are made, and those left out
 * are deleted (a cart holding one drops it; an order keeps its title). A picture must be one of
 * the product's own; a SKU another variant has is refused (409).
 */
export async function saveVariants(productId: string, inputs: VariantInput[]) {
  await commitTogether(async (tx) => {
    await lockProduct(tx, productId);
    const pictures = new Set(
      (
        await tx.select({ url: productImages.url }).from(productImages).where(eq(productImages.productId, productId))
      ).map((r) => r.url),
    );
    for (const [i, input] of inputs.entries())
      if (input.image && !pictures.has(input.image))
        throw new PublicError("Choose one of the product's pictures", 400, `variants[${i}].image`);
    // Checked against the options as they are now: another admin may have changed them meanwhile.
    const options = await tx
      .select({ values: productOptions.values })
      .from(productOptions)
      .where(eq(productOptions.productId, productId))
      .orderBy(asc(productOptions.position));
    const titles = new Set(combinations(options.map((o) => ({ name: "", values: o.values }))).map(variantTitle));
    if (inputs.some((input) => !titles.has(variantTitle(input.values))))
      throw new PublicError("The product's options have changed: read it again, then save its variants", 409);

    const existing = await tx
      .select({ id: productVariants.id, title: productVariants.title })
      .from(productVariants)
      .where(eq(productVariants.productId, productId));
    const byTitle = new Map(existing.map((v) => [v.title, v.id]));
    const kept = new Set(inputs.map((input) => variantTitle(input.values)));
    const gone = existing.filter((v) => !kept.has(v.title)).map((v) => v.id);
    if (gone.length) await tx.delete(productVariants).where(inArray(productVariants.id, gone));
    // SKUs move between variants in one save: cleared first, so no moment holds one twice.
    await tx.update(productVariants).set({ sku: null }).where(eq(productVariants.productId, productId));
    for (const [position, input] of inputs.entries()) {
      const title = variantTitle(input.values);
      const fields = {
        position,
        optionValues: input.values,
        title,
        sku: input.sku,
        priceCents: input.priceCents,
        stock: input.stock,
        imageUrl: input.image,
      };
      const id = byTitle.get(title);
      try {
        if (id) await tx.update(productVariants).set(fields).where(eq(productVariants.id, id));
        else await tx.insert(productVariants).values({ productId, ...fields });
      } catch (error) {
        if (isUniqueViolation(error))
          throw new PublicError("Another product's variant has this SKU", 409, `variants[${position}].sku`);
        throw error;
      }
    }
    await keepTotals(tx, productId);
  });
}

/** Whether the product has variants (its price and stock are then theirs), read in `q`. */
export async function hasVariants(productId: string, q: Queryable = db): Promise<boolean> {
  const [row] = await q
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .limit(1);
  return Boolean(row);
}

/** A product's pictures changed: its variants' pictures that are gone point at none (the product's first). */
export async function forgetVariantPictures(tx: Tx, productId: string) {
  await tx.update(productVariants).set({ imageUrl: null }).where(eq(productVariants.productId, productId));
}
