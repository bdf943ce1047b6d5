import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { products, users } from "~/db/schema";
import { addReview, createProduct, createUser } from "../../tests/unit/fixtures";
import { forgetCatalogueAnswers } from "./catalogue-cache.server";
import { getProduct, listProducts, relatedProducts } from "./products.server";
import { upsertReview } from "./reviews.server";

// The catalogue's reads are kept per catalogue version: kept while nothing changes, and every
// change (price, stock, review, reviewer's name, a new product) shows on the very next read.
describe("catalogue reads kept by version", () => {
  it("answers from memory while the catalogue is unchanged", async () => {
    const id = createProduct({ name: "Kept" });
    expect(await getProduct(id)).toBe(await getProduct(id));
    expect(await listProducts({ page: 1 })).toBe(await listProducts({ page: 1 }));
  });

  it("asks the database again once told to forget (what the search bench times)", async () => {
    const id = createProduct({ name: "Forgotten" });
    const kept = await getProduct(id);
    forgetCatalogueAnswers();
    const fresh = await getProduct(id);
    expect(fresh).not.toBe(kept);
    expect(fresh).toEqual(kept);
  });

  it("shows a change of price, stock or reviews at once", async () => {
    const id = createProduct({ name: "Changing", priceCents: 1000, stock: 5, category: "Cameras" });
    const other = createProduct({ name: "Neighbour", category: "Cameras" });
    expect((await getProduct(id))?.priceCents).toBe(1000);
    expect((await relatedProducts({ id: other, category: "Cameras" })).find((p) => p.id === id)?.stock).toBe(5);

    db.update(products).set({ priceCents: 1500 }).where(eq(products.id, id)).run();
    expect((await getProduct(id))?.priceCents).toBe(1500);

    db.update(products).set({ stock: sql`${products.stock} - 2` }).where(eq(products.id, id)).run();
    expect((await relatedProducts({ id: other, category: "Cameras" })).find((p) => p.id === id)?.stock).toBe(3);
    expect((await listProducts({ page: 1, category: "Cameras" })).products.find((p) => p.id === id)?.stock).toBe(3);

    const reviewer = createUser("First Name");
    await upsertReview(reviewer, { productId: id, rating: 5, comment: "Great" });
    expect((await getProduct(id))?.reviews.map((r) => [r.name, r.comment])).toEqual([["First Name", "Great"]]);
    db.update(users).set({ name: "Second Name" }).where(eq(users.id, reviewer)).run();
    expect((await getProduct(id))?.reviews.map((r) => r.name)).toEqual(["Second Name"]);
  });

  it("lists a new product at once", async () => {
    const before = await listProducts({ page: 1 });
    const id = createProduct({ name: "Brand new" });
    const after = await listProducts({ page: 1 });
    expect(after.productsCount).toBe(before.productsCount + 1);
    expect(after.products[0].id).toBe(id);
    expect((await getProduct(id))?.reviews).toEqual([]);
    // Written straight to the table, as any other process might: the trigger moves the version.
    addReview(id, createUser("Someone"), 4);
    expect((await getProduct(id))?.reviews.map((r) => r.rating)).toEqual([4]);
  });
});
