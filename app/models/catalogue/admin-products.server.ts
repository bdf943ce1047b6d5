import { and, asc, between, count, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { commitTogether } from "~/db/commit.server";
import { containsText, lockRows, rowsAffected } from "~/db/dialect";
import { orderLines, productImages, productVariants, products } from "~/db/schema";
import { UNKNOWN_CATEGORY } from "~/lib/category-schema";
import type { ProductInput } from "~/lib/product-schema";
import { PublicError } from "~/lib/public-error";
import type { ProductSort } from "~/lib/admin-sorts";
import type { TableQuery } from "~/lib/table-query";
import { selectPage } from "~/db/paging";
import { MAX_PRODUCT_IMAGES, NO_IMAGES, TOO_MANY_IMAGES } from "~/lib/product-schema";
import { LOW_STOCK_THRESHOLD, type StockFilter } from "~/lib/stock";
import { ImageError, deleteImage, saveImage, type ImageUpload } from "~/models/uploads";
import { categoryNamed, requireCategory } from "./categories.server";
import { forgetVariantPictures, hasVariants } from "./variants.server";
import { stockFilter } from "./stock-filters.server";

const notFound = () => new PublicError("Product not found", 404);

/** The first picture of the product (position order), for the list's thumbnail. */
const thumbnail = sql<
  string | null
>`(SELECT "product_images"."url" FROM "product_images" WHERE "product_images"."product_id" = "products"."id" ORDER BY "product_images"."position", "product_images"."id" LIMIT 1)`;

/** One page of the admin products list: searched, optionally only low or out of stock. */
/** How many of the product's variants have stock matching `condition` (0 for a product without variants). */
const variantsWithStock = (condition: SQL) =>
  sql<number>`(${db
    .select({ n: count() })
    .from(productVariants)
    .where(and(eq(productVariants.productId, products.id), condition))})`.mapWith(Number);

/** How many products have no weight (a weight rate prices a cart of them alone by its first band). */
export async function countProductsWithoutWeight(): Promise<number> {
  const [row] = await db.select({ n: count() }).from(products).where(isNull(products.weightGrams));
  return row.n;
}

/** `withoutWeight`: only the products without a weight. */
export async function listProductsPage(query: TableQuery<ProductSort>, stock?: StockFilter, withoutWeight = false) {
  const where = and(
    query.q
      ? or(
          containsText(products.id, query.q),
          containsText(products.name, query.q),
          containsText(products.seller, query.q),
        )
      : undefined,
    stock ? stockFilter(stock) : undefined,
    withoutWeight ? isNull(products.weightGrams) : undefined,
  );
  const sorts = {
    id: products.id,
    name: products.name,
    price: products.priceCents,
    stock: products.stock,
    createdAt: products.createdAt,
  };
  return selectPage(
    db
      .select({
        id: products.id,
        name: products.name,
        category: products.category,
        priceCents: products.priceCents,
        stock: products.stock,
        variantsOut: variantsWithStock(eq(productVariants.stock, 0)),
        variantsLow: variantsWithStock(between(productVariants.stock, 1, LOW_STOCK_THRESHOLD)),
        thumbnail,
      })
      .from(products)
      .$dynamic(),
    { where, sorts, tiebreak: [asc(products.seq)] },
    query,
  );
}

/** The products of these ids that exist (id and name, by name), for a bulk deletion's confirmation. */
export async function productsByIds(ids: string[]): Promise<{ id: string; name: string }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(asc(products.name));
}

/** A product shows at most MAX_PRODUCT_IMAGES pictures; `count` is how many were sent. */
export function assertProductImageCount(count: number) {
  if (count > MAX_PRODUCT_IMAGES) throw new PublicError(TOO_MANY_IMAGES, 400, "images");
}

/**
 * The model's own checks of a product, every one (the form shows them all at once): the category is
 * one of the shop's, and a new product has from one to MAX_PRODUCT_IMAGES pictures (`pictures`: how
 * many it would have). Answers the message by field; the create and update below throw the first.
 */
export async function productProblems(
  category: string | undefined,
  pictures: number,
  creating: boolean,
): Promise<Record<string, string>> {
  const problems: Record<string, string> = {};
  if (creating && pictures === 0) problems.images = NO_IMAGES;
  if (pictures > MAX_PRODUCT_IMAGES) problems.images = TOO_MANY_IMAGES;
  if (category && !(await categoryNamed(category))) problems.category = UNKNOWN_CATEGORY;
  return problems;
}

async function assertNoProblems(category: string, pictures: number, creating: boolean) {
  const [field, message] = Object.entries(await productProblems(category, pictures, creating))[0] ?? [];
  if (field) throw new PublicError(message, 400, field);
}

/**
 * Stores each uploaded picture (checked and resized, one at a time) and answers the URLs of those
 * accepted with the message of the first refused: the form keeps the good ones while its other
 * fields are corrected.
 */
export async function storeProductImages(images: ImageUpload[]): Promise<{ urls: string[]; error?: string }> {
  const urls: string[] = [];
  let error: string | undefined;
  for (const image of images) {
    try {
      urls.push(await saveImage(image, "products"));
    } catch (refused) {
      if (!(refused instanceof ImageError)) throw refused;
      error ??= refused.message;
    }
  }
  return { urls, error };
}

/** Stores the uploaded pictures; if one is refused, none is kept. */
async function saveAll(images: ImageUpload[]): Promise<string[]> {
  const { urls, error } = await storeProductImages(images);
  if (error === undefined) return urls;
  await Promise.all(urls.map(deleteImage));
  throw new PublicError(error, 400, "images");
}

const columns = (input: ProductInput) => ({
  name: input.name,
  priceCents: input.price,
  description: input.description,
  category: input.category,
  seller: input.seller,
  stock: input.stock,
  weightGrams: input.weightGrams,
});

/** `images`: pictures to store; `stored`: pictures already stored (storeProductImages), shown first. */
export async function createProduct(input: ProductInput, images: ImageUpload[], stored: string[] = []) {
  await assertNoProblems(input.category, stored.length + images.length, true);
  const urls = [...stored, ...(await saveAll(images))];
  return commitTogether(async (tx) => {
    await requireCategory(tx, input.category);
    const [product] = await tx.insert(products).values(columns(input)).returning({ id: products.id });
    await tx.insert(productImages).values(urls.map((url, position) => ({ productId: product.id, url, position })));
    return product;
  });
}

const imageUrlsOf = async (id: string) =>
  (await db.select({ url: productImages.url }).from(productImages).where(eq(productImages.productId, id))).map(
    (r) => r.url,
  );

/**
 * Removes the files of pictures no product shows any more, except those an order line still
 * points at (an order keeps the picture it was bought with).
 */
export async function removeUnusedImages(urls: string[]) {
  for (const url of urls) {
    const [shown] = await db.select({ n: count() }).from(productImages).where(eq(productImages.url, url));
    const [ordered] = await db.select({ n: count() }).from(orderLines).where(eq(orderLines.image, url));
    if (shown.n === 0 && ordered.n === 0) await deleteImage(url);
  }
}

/**
 * Updates the fields; new pictures, when given, replace the old ones (as the spec's form does), and
 * the variants' pictures point at none. A product with variants keeps its price and stock: theirs.
 */
export async function updateProduct(id: string, input: ProductInput, images: ImageUpload[], stored: string[] = []) {
  const [found] = await db.select({ id: products.id }).from(products).where(eq(products.id, id)).limit(1);
  if (!found) throw notFound();
  await assertNoProblems(input.category, stored.length + images.length, false);
  const urls = [...stored, ...(images.length ? await saveAll(images) : [])];
  const replaced = urls.length ? await imageUrlsOf(id) : [];
  await commitTogether(async (tx) => {
    await requireCategory(tx, input.category);
    // Locked before its variants are read (the order saveVariants and checkouts lock in).
    await lockRows(tx, products, [id]);
    const { priceCents, stock, ...rest } = columns(input);
    await tx
      .update(products)
      .set((await hasVariants(id, tx)) ? rest : { ...rest, priceCents, stock })
      .where(eq(products.id, id));
    if (urls.length) {
      await forgetVariantPictures(tx, id);
      await tx.delete(productImages).where(eq(productImages.productId, id));
      await tx.insert(productImages).values(urls.map((url, position) => ({ productId: id, url, position })));
    }
  });
  await removeUnusedImages(replaced);
}

/**
 * Deletes a product with its pictures' rows, reviews and cart lines. Orders keep their lines (own
 * name, price and picture URL), and the picture files they point at.
 */
export async function deleteProduct(id: string) {
  const urls = await imageUrlsOf(id);
  const removed = await commitTogether(async (tx) =>
    rowsAffected(await tx.delete(products).where(eq(products.id, id))),
  );
  if (removed !== 1) throw notFound();
  await removeUnusedImages(urls);
}

/** Deletes each product (as deleteProduct does); answers the names deleted and the ids not found. */
export async function deleteProducts(ids: string[]) {
  const found = await productsByIds([...new Set(ids)]);
  const deleted: string[] = [];
  for (const product of found) {
    await deleteProduct(product.id);
    deleted.push(product.name);
  }
  const missing = ids.filter((id) => !found.some((p) => p.id === id));
  return { deleted, missing };
}
