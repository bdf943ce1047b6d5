import { asc, count, eq, max } from "drizzle-orm";
import { db, type Tx } from "~/db/client.server";
import { commitTogether } from "~/db/commit.server";
import { isUniqueViolation, lockRows } from "~/db/dialect";
import { categories, products } from "~/db/schema";
import type { CategoryPayload } from "~/lib/api-payloads";
import type { CategoryLink } from "~/lib/category-link";
import { UNKNOWN_CATEGORY, type CategoryInput } from "~/lib/category-schema";
import { slugOf } from "~/lib/page-schema";
import { PublicError } from "~/lib/public-error";
import { catalogueCached } from "~/models/platform";
import { deleteImage, ImageError, saveImage, type ImageUpload } from "~/models/uploads";
import { renameHeroCategory } from "~/models/settings";

// The shop's categories. A product names its category (products.category holds the name, as the
// specification's API and `?category=` filter do); this model keeps the two in step: a rename
// renames its products' category in the same transaction, a category is deleted only once its
// products went to another, and a product is saved only into a category that exists (the category's
// row locked meanwhile, so that no delete slips in between on PostgreSQL; SQLite has one writer).
// Every write moves the catalogue's version (drizzle/*/…_categories), so the lists are kept in memory.

export type Category = typeof categories.$inferSelect;

const shopOrder = [asc(categories.position), asc(categories.name)];

/** Every category in the shop's order, hidden ones included (the admin's list, the product form). */
export function listCategories(): Promise<Category[]> {
  return catalogueCached(
    "categories",
    () =>
      db
        .select()
        .from(categories)
        .orderBy(...shopOrder),
    () => [],
  );
}

/** The categories the storefront lists (not hidden), in the shop's order. */
export async function shownCategories(): Promise<CategoryLink[]> {
  return (await listCategories())
    .filter((c) => !c.hidden)
    .map(({ name, slug, imageUrl }) => ({ name, slug, imageUrl }));
}

/** The names a product's category may take (hidden categories too: hiding is about the storefront). */
export async function categoryNames(): Promise<string[]> {
  return (await listCategories()).map((c) => c.name);
}

/** The category of this name, or undefined. */
export async function categoryNamed(name: string): Promise<Category | undefined> {
  return (await listCategories()).find((c) => c.name === name);
}

/** The shown category at /category/{slug}, or undefined (none, or hidden). */
export async function shownCategoryBySlug(slug: string): Promise<Category | undefined> {
  return (await listCategories()).find((c) => c.slug === slug && !c.hidden);
}

export async function getCategoryById(id: string): Promise<Category | undefined> {
  const [category] = await db.select().from(categories).where(eq(categories.id, id));
  return category;
}

/** How many products each category holds, by name. */
export async function productCounts(): Promise<Map<string, number>> {
  const rows = await db.select({ category: products.category, n: count() }).from(products).groupBy(products.category);
  return new Map(rows.map((r) => [r.category, Number(r.n)]));
}

/** A category as the API answers it. */
export function categoryJson(category: Category, productCount?: number): CategoryPayload {
  return {
    _id: category.id,
    name: category.name,
    slug: category.slug,
    position: category.position,
    hidden: category.hidden,
    image: category.imageUrl,
    ...(productCount === undefined ? {} : { productCount }),
  };
}

/**
 * Inside a product's write: the category of this name, locked until the transaction ends, or the
 * specification's message beside the category field.
 */
export async function requireCategory(tx: Tx, name: string): Promise<void> {
  const [found] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.name, name));
  if (!found) throw new PublicError(UNKNOWN_CATEGORY, 400, "category");
  await lockRows(tx, categories, [found.id]);
  const [still] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.name, name));
  if (!still) throw new PublicError(UNKNOWN_CATEGORY, 400, "category");
}

/** A picture for a category; a refused one is answered beside the picture field. */
async function savePicture(upload: ImageUpload): Promise<string> {
  try {
    return await saveImage(upload, "categories");
  } catch (error) {
    if (error instanceof ImageError) throw new PublicError(error.message, error.status, "image");
    throw error;
  }
}

function taken(error: unknown): unknown {
  if (isUniqueViolation(error, "categories.name"))
    return new PublicError("Another category has this name: choose another", 409, "name");
  if (isUniqueViolation(error, "categories.slug"))
    return new PublicError("Another category has this address: choose another", 409, "slug");
  return error;
}

/** A new picture, or the wish to remove the current one. */
export type CategoryPicture = { upload: ImageUpload | null; remove: boolean };

/** Adds a category at the end of the shop's order. */
export async function createCategory(input: CategoryInput, picture?: CategoryPicture): Promise<Category> {
  const imageUrl = picture?.upload ? await savePicture(picture.upload) : null;
  try {
    return await commitTogether(async (tx) => {
      const [last] = await tx.select({ position: max(categories.position) }).from(categories);
      const position = last?.position === null || last?.position === undefined ? 0 : Number(last.position) + 1;
      const [category] = await tx
        .insert(categories)
        .values({ ...input, position, imageUrl })
        .returning();
      return category;
    });
  } catch (error) {
    await deleteImage(imageUrl);
    throw taken(error);
  }
}

/**
 * Changes a category's name, address, visibility or picture. A new name goes to its products (and to
 * the home page's choice of categories) in the same transaction.
 */
export async function updateCategory(id: string, input: CategoryInput, picture?: CategoryPicture): Promise<Category> {
  const imageUrl = picture?.upload ? await savePicture(picture.upload) : undefined;
  let replaced: string | null = null;
  try {
    const category = await commitTogether(async (tx) => {
      await lockRows(tx, categories, [id]);
      const [before] = await tx.select().from(categories).where(eq(categories.id, id));
      if (!before) throw new PublicError("Category not found", 404);
      const nextImage = imageUrl ?? (picture?.remove ? null : before.imageUrl);
      if (nextImage !== before.imageUrl) replaced = before.imageUrl;
      const [after] = await tx
        .update(categories)
        .set({ ...input, imageUrl: nextImage, updatedAt: new Date() })
        .where(eq(categories.id, id))
        .returning();
      if (after.name !== before.name) {
        await tx.update(products).set({ category: after.name }).where(eq(products.category, before.name));
        await renameHeroCategory(tx, before.name, after.name);
      }
      return after;
    });
    await deleteImage(replaced);
    return category;
  } catch (error) {
    await deleteImage(imageUrl);
    throw taken(error);
  }
}

/** Moves a category one place earlier or later in the shop's order. */
export async function moveCategory(id: string, direction: "up" | "down"): Promise<void> {
  await commitTogether(async (tx) => {
    const all = await tx
      .select({ id: categories.id })
      .from(categories)
      .orderBy(...shopOrder);
    await lockRows(
      tx,
      categories,
      all.map((c) => c.id),
    );
    const at = all.findIndex((c) => c.id === id);
    if (at < 0) throw new PublicError("Category not found", 404);
    const to = direction === "up" ? at - 1 : at + 1;
    if (to < 0 || to >= all.length) return;
    [all[at], all[to]] = [all[to], all[at]];
    // Numbered afresh 0, 1, 2…: equal positions (ordered by name) become distinct ones.
    for (const [position, c] of all.entries())
      await tx.update(categories).set({ position }).where(eq(categories.id, c.id));
  });
}

/**
 * Deletes a category. One that holds products is deleted only with `moveTo` (another category's
 * id): its products go there in the same transaction.
 */
export async function deleteCategory(id: string, moveTo?: string): Promise<{ moved: number }> {
  let picture: string | null = null;
  const moved = await commitTogether(async (tx) => {
    await lockRows(tx, categories, moveTo ? [id, moveTo] : [id]);
    const [category] = await tx.select().from(categories).where(eq(categories.id, id));
    if (!category) throw new PublicError("Category not found", 404);
    const [held] = await tx.select({ n: count() }).from(products).where(eq(products.category, category.name));
    const n = Number(held?.n ?? 0);
    if (n > 0) {
      if (!moveTo)
        throw new PublicError(
          `${category.name} holds ${n} product${n === 1 ? "" : "s"}: choose the category they move to`,
          409,
          "moveTo",
        );
      if (moveTo === id) throw new PublicError("Choose another category for its products", 400, "moveTo");
      const [target] = await tx.select().from(categories).where(eq(categories.id, moveTo));
      if (!target) throw new PublicError("Choose a category from the list", 400, "moveTo");
      await tx.update(products).set({ category: target.name }).where(eq(products.category, category.name));
    }
    await tx.delete(categories).where(eq(categories.id, id));
    picture = category.imageUrl;
    return n;
  });
  await deleteImage(picture);
  return { moved };
}

/** The demo's categories, added to a shop that has none of those names (the seed). */
export async function addCategories(tx: Tx, names: readonly string[]): Promise<void> {
  if (names.length === 0) return;
  await tx
    .insert(categories)
    .values(names.map((name, position) => ({ name, slug: slugOf(name), position })))
    .onConflictDoNothing();
}
