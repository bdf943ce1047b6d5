import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { catalogueVersionRow } from "~/db/derived";
import { followCatalogueVersion } from "~/db/dialect";
import { commitTogether } from "~/db/commit.server";
import { products, users } from "~/db/schema";
import { addReview, createProduct, createUser } from "../../../tests/unit/fixtures";
import { catalogueCached, forgetCatalogueAnswers } from "./catalogue-cache.server";
import { countKeywordMatches, getProduct, listProducts, relatedProducts, upsertReview } from "~/models/catalogue";

// Answers are kept only while the catalogue's version is known (on PostgreSQL, once followed).
beforeAll(() => followCatalogueVersion());

// The catalogue's reads are kept per catalogue version: kept while nothing changes, and every
// change (price, stock, review, reviewer's name, a new product) shows on the very next read.
describe("catalogue reads kept by version", () => {
  it("answers from memory while the catalogue is unchanged", async () => {
    const id = await createProduct({ name: "Kept" });
    expect(await getProduct(id)).toBe(await getProduct(id));
    expect(await listProducts({ page: 1 })).toBe(await listProducts({ page: 1 }));
  });

  it("asks the database again once told to forget (what the search bench times)", async () => {
    const id = await createProduct({ name: "Forgotten" });
    const kept = await getProduct(id);
    forgetCatalogueAnswers();
    const fresh = await getProduct(id);
    expect(fresh).not.toBe(kept);
    expect(fresh).toEqual(kept);
  });

  it("shows a change of price, stock or reviews at once", async () => {
    const id = await createProduct({ name: "Changing", priceCents: 1000, stock: 5, category: "Cameras" });
    const other = await createProduct({ name: "Neighbour", category: "Cameras" });
    expect((await getProduct(id))?.priceCents).toBe(1000);
    expect((await relatedProducts({ id: other, category: "Cameras" })).find((p) => p.id === id)?.stock).toBe(5);

    await commitTogether((tx) => tx.update(products).set({ priceCents: 1500 }).where(eq(products.id, id)));
    expect((await getProduct(id))?.priceCents).toBe(1500);

    await commitTogether((tx) =>
      tx
        .update(products)
        .set({ stock: sql`${products.stock} - 2` })
        .where(eq(products.id, id)),
    );
    expect((await relatedProducts({ id: other, category: "Cameras" })).find((p) => p.id === id)?.stock).toBe(3);
    expect((await listProducts({ page: 1, category: "Cameras" })).products.find((p) => p.id === id)?.stock).toBe(3);

    const reviewer = await createUser("First Name");
    await upsertReview(reviewer, { productId: id, rating: 5, comment: "Great" });
    expect((await getProduct(id))?.reviews.map((r) => [r.name, r.comment])).toEqual([["First Name", "Great"]]);
    await commitTogether((tx) => tx.update(users).set({ name: "Second Name" }).where(eq(users.id, reviewer)));
    expect((await getProduct(id))?.reviews.map((r) => r.name)).toEqual(["Second Name"]);
  });

  it("lists a new product at once", async () => {
    const before = await listProducts({ page: 1 });
    const id = await createProduct({ name: "Brand new" });
    const after = await listProducts({ page: 1 });
    expect(after.productsCount).toBe(before.productsCount + 1);
    expect(after.products[0].id).toBe(id);
    expect((await getProduct(id))?.reviews).toEqual([]);
    // Written straight to the table, as any other process might: the trigger moves the version.
    await addReview(id, await createUser("Someone"), 4);
    expect((await getProduct(id))?.reviews.map((r) => r.rating)).toEqual([4]);
  });
});

// A review, a picture, a rating or a reviewer's name touch their products only (drizzle/sqlite/0009).
describe("catalogue reads kept across changes to other products", () => {
  it("keeps what shows none of a reviewed product, and reads again what shows it", async () => {
    const reviewed = await createProduct({ name: "Reviewed", category: "Books" });
    const other = await createProduct({ name: "Untouched", category: "Books" });
    const elsewhere = await createProduct({ name: "Elsewhere", category: "Sports" });
    const otherPage = await getProduct(other);
    const booksList = await listProducts({ page: 1, category: "Books" });
    const sportsList = await listProducts({ page: 1, category: "Sports" });
    const byRating = await listProducts({ page: 1, category: "Sports", sort: "rating" });
    const count = await countKeywordMatches("untouched");
    expect(sportsList.products.map((p) => p.id)).toContain(elsewhere);

    await upsertReview(await createUser("Reader"), { productId: reviewed, rating: 5, comment: "Gripping" });

    expect(await getProduct(other)).toBe(otherPage);
    expect(await listProducts({ page: 1, category: "Sports" })).toBe(sportsList);
    expect(await countKeywordMatches("untouched")).toBe(count);
    expect((await getProduct(reviewed))?.reviews.map((r) => r.comment)).toEqual(["Gripping"]);
    const books = await listProducts({ page: 1, category: "Books" });
    expect(books).not.toBe(booksList);
    expect(books.products.find((p) => p.id === reviewed)?.numOfReviews).toBe(1);
    // Ordered by rating, a list may take in the reviewed product: read again.
    expect(await listProducts({ page: 1, category: "Sports", sort: "rating" })).not.toBe(byRating);
  });

  it("a reviewer's new name is read again on the products they reviewed, and only there", async () => {
    const reviewed = await createProduct({ name: "Named" });
    const other = await createProduct({ name: "Unnamed" });
    const reviewer = await createUser("Old Name");
    await upsertReview(reviewer, { productId: reviewed, rating: 4, comment: "Good" });
    expect((await getProduct(reviewed))?.reviews.map((r) => r.name)).toEqual(["Old Name"]);
    const otherPage = await getProduct(other);

    await commitTogether((tx) => tx.update(users).set({ name: "New Name" }).where(eq(users.id, reviewer)));
    expect((await getProduct(reviewed))?.reviews.map((r) => r.name)).toEqual(["New Name"]);
    expect(await getProduct(other)).toBe(otherPage);
  });

  it("reads everything again after a change that may touch any page (a price)", async () => {
    const changed = await createProduct({ name: "Repriced", priceCents: 1000 });
    const other = await createProduct({ name: "Bystander" });
    const otherPage = await getProduct(other);
    await commitTogether((tx) => tx.update(products).set({ priceCents: 900 }).where(eq(products.id, changed)));
    expect(await getProduct(other)).not.toBe(otherPage);
    expect((await getProduct(changed))?.priceCents).toBe(900);
  });

  it("reads again an answer older than the changes the database keeps", async () => {
    const id = await createProduct({ name: "Old answer" });
    const kept = await getProduct(id);
    await commitTogether((tx) =>
      tx.update(catalogueVersionRow).set({ version: sql`${catalogueVersionRow.version} + 10000` }),
    );
    expect(await getProduct(id)).not.toBe(kept);
  });
});

describe("catalogue answers bounded in bytes", () => {
  it("reads again the least recently used answers once they hold over 16 MB, however few", async () => {
    let reads = 0;
    const page = (n: number) => async () => ({ n, read: ++reads, products: "x".repeat(1_000_000) });
    const first = await catalogueCached("big 0", page(0), () => []);
    for (let i = 1; i <= 20; i++) await catalogueCached(`big ${i}`, page(i), () => []);
    expect(await catalogueCached("big 20", page(20), () => [])).toMatchObject({ n: 20, read: 21 });
    expect(await catalogueCached("big 0", page(0), () => [])).not.toBe(first);
  });
});
