import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { commitTogether } from "~/db/commit.server";
import { followCatalogueVersion } from "~/db/dialect";
import { categories, products } from "~/db/schema";
import { categorySchema } from "~/lib/category-schema";
import { parseProductQuery } from "~/lib/catalogue-query";
import { productSchema } from "~/lib/product-schema";
import { clearCatalogue, createProduct } from "../../../tests/unit/fixtures";
import { createProduct as createProductAsAdmin, updateProduct } from "./admin-products.server";
import {
  categoryNames,
  createCategory,
  deleteCategory,
  getCategoryById,
  listCategories,
  moveCategory,
  shownCategories,
  shownCategoryBySlug,
  updateCategory,
} from "./categories.server";
import { getShopSettings, saveShopSettings } from "~/models/settings";
import { catalogueSitemap } from "~/models/content";

// The shop's categories on both engines: one name and one address each, the shop's order, hiding,
// a rename that takes the products along, a delete that will not strand them, and the product
// writes that accept only a category the shop has.

beforeAll(() => followCatalogueVersion());
beforeEach(async () => {
  await clearCatalogue();
  await commitTogether((tx) => tx.delete(categories));
});

const category = (input: Record<string, unknown>) => categorySchema.parse({ hidden: false, ...input });
const PNG_1PX = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
const productInput = (categoryName: string) =>
  productSchema("en-US").parse({
    name: "Trail camera",
    price: "99",
    description: "Sees at night.",
    category: categoryName,
    stock: "3",
    seller: "Acme",
  });

describe("the shop's categories", () => {
  it("start empty, are listed in the order they were added, and each gets an address from its name", async () => {
    expect(await listCategories()).toEqual([]);
    await createCategory(category({ name: "Clothes/Shoes" }));
    await createCategory(category({ name: "Cameras", slug: "photo" }));
    expect((await listCategories()).map((c) => [c.name, c.slug, c.position])).toEqual([
      ["Clothes/Shoes", "clothes-shoes", 0],
      ["Cameras", "photo", 1],
    ]);
  });

  it("refuse a second category of the same name or address, beside the field", async () => {
    await createCategory(category({ name: "Books" }));
    await expect(createCategory(category({ name: "Books", slug: "more-books" }))).rejects.toMatchObject({
      status: 409,
      field: "name",
      message: "Another category has this name: choose another",
    });
    await expect(createCategory(category({ name: "Novels", slug: "books" }))).rejects.toMatchObject({
      status: 409,
      field: "slug",
    });
    expect(await categoryNames()).toEqual(["Books"]);
  });

  it("check names and addresses with a message for each field", () => {
    const problems = (input: Record<string, unknown>) =>
      categorySchema.safeParse(input).error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    expect(problems({ name: " " })).toEqual(["name: Enter the category's name"]);
    expect(problems({ name: "x".repeat(41) })).toEqual(["name: The name can be at most 40 characters"]);
    expect(problems({ name: "Toys", slug: "Toys & games" })).toEqual([
      "slug: Use lower-case letters, digits and hyphens, such as clothes-shoes",
    ]);
    expect(problems({ name: "★★★" })).toEqual(["slug: Enter the category's address, such as clothes-shoes"]);
    expect(categorySchema.parse({ name: "  Home & Garden ", hidden: "on" })).toEqual({
      name: "Home & Garden",
      slug: "home-garden",
      hidden: true,
    });
  });

  it("move up and down in the shop's order, which the storefront follows", async () => {
    const a = await createCategory(category({ name: "Alpha" }));
    const b = await createCategory(category({ name: "Beta" }));
    const c = await createCategory(category({ name: "Gamma" }));
    await moveCategory(c.id, "up"); // Alpha, Gamma, Beta
    await moveCategory(a.id, "down"); // Gamma, Alpha, Beta
    expect(await categoryNames()).toEqual(["Gamma", "Alpha", "Beta"]);
    await moveCategory(b.id, "down"); // already last: nothing moves
    await moveCategory(c.id, "up"); // already first
    expect((await shownCategories()).map((s) => s.name)).toEqual(["Gamma", "Alpha", "Beta"]);
    await expect(moveCategory("nothing", "up")).rejects.toMatchObject({ status: 404 });
  });

  it("hidden, leave the storefront's lists, page and sitemap, and still take products", async () => {
    const kept = await createCategory(category({ name: "Cameras" }));
    await createCategory(category({ name: "Clearance", hidden: true }));
    await createProduct({ name: "Old lens", category: "Clearance" });
    await createProduct({ name: "New lens", category: "Cameras" });
    expect((await shownCategories()).map((c) => c.name)).toEqual(["Cameras"]);
    expect(await shownCategoryBySlug("clearance")).toBeUndefined();
    expect((await shownCategoryBySlug("cameras"))?.id).toBe(kept.id);
    const sitemap = (await catalogueSitemap("https://shop.example", "root")) ?? "";
    expect(sitemap).toContain("<loc>https://shop.example/category/cameras</loc>");
    expect(sitemap).not.toContain("clearance");
    expect(await createProductAsAdmin(productInput("Clearance"), [PNG_1PX])).toMatchObject({ id: expect.any(String) });
  });

  it("renamed, take their products and the home page's choice along, in one transaction", async () => {
    const cameras = await createCategory(category({ name: "Cameras" }));
    await createCategory(category({ name: "Books" }));
    const id = await createProduct({ name: "Pocket camera", category: "Cameras" });
    await saveShopSettings({ heroCategories: ["Cameras"] });

    await updateCategory(cameras.id, category({ name: "Photo", slug: "photo" }));
    const [row] = await commitTogether((tx) =>
      tx.select({ category: products.category }).from(products).where(eq(products.id, id)),
    );
    expect(row.category).toBe("Photo");
    expect((await getShopSettings()).heroCategories).toEqual(["Photo"]);
    const listed = parseProductQuery(new URLSearchParams("category=Photo"), await categoryNames());
    expect(listed).toMatchObject({ success: true, query: { category: "Photo" } });
  });

  it("with products, are deleted only once they are moved to another category", async () => {
    const laptops = await createCategory(category({ name: "Laptops" }));
    const other = await createCategory(category({ name: "Computers" }));
    await createProduct({ name: "Notebook 14", category: "Laptops" });
    await createProduct({ name: "Notebook 16", category: "Laptops" });

    await expect(deleteCategory(laptops.id)).rejects.toMatchObject({
      status: 409,
      field: "moveTo",
      message: "Laptops holds 2 products: choose the category they move to",
    });
    await expect(deleteCategory(laptops.id, laptops.id)).rejects.toMatchObject({ status: 400, field: "moveTo" });
    await expect(deleteCategory(laptops.id, "nothing")).rejects.toMatchObject({
      status: 400,
      message: "Choose a category from the list",
    });
    expect(await getCategoryById(laptops.id)).toBeDefined();

    expect(await deleteCategory(laptops.id, other.id)).toEqual({ moved: 2 });
    expect(await categoryNames()).toEqual(["Computers"]);
    const rows = await commitTogether((tx) => tx.select({ category: products.category }).from(products));
    expect(rows.map((r) => r.category)).toEqual(["Computers", "Computers"]);
    // Computers holds them now, so it too asks; an empty category goes without asking.
    expect(await deleteCategory(other.id, undefined).catch((e: Error) => e.message)).toBe(
      "Computers holds 2 products: choose the category they move to",
    );
    const empty = await createCategory(category({ name: "Empty" }));
    expect(await deleteCategory(empty.id)).toEqual({ moved: 0 });
  });

  it("are the only categories a product can be saved into, by the form and the API alike", async () => {
    await createCategory(category({ name: "Cameras" }));
    await expect(createProductAsAdmin(productInput("Toys"), [PNG_1PX])).rejects.toMatchObject({
      status: 400,
      field: "category",
      message: "Please select correct category for product",
    });
    const { id } = await createProductAsAdmin(productInput("Cameras"), [PNG_1PX]);
    await expect(updateProduct(id, productInput("Gone"), [])).rejects.toMatchObject({ field: "category" });
  });

  it("keep a picture, replaced or removed on request", async () => {
    const created = await createCategory(category({ name: "Audio" }), { upload: PNG_1PX, remove: false });
    expect(created.imageUrl).toMatch(/^\/uploads\/categories\/[a-z0-9]+\.webp$/);
    const kept = await updateCategory(created.id, category({ name: "Audio" }), { upload: null, remove: false });
    expect(kept.imageUrl).toBe(created.imageUrl);
    const removed = await updateCategory(created.id, category({ name: "Audio" }), { upload: null, remove: true });
    expect(removed.imageUrl).toBeNull();
    await expect(
      createCategory(category({ name: "Broken" }), { upload: Buffer.from("not a picture"), remove: false }),
    ).rejects.toMatchObject({ status: 400, field: "image" });
    expect(await categoryNames()).toEqual(["Audio"]);
  });
});
