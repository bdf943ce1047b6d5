import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { commitTogether } from "~/db/commit.server";
import { products } from "~/db/schema";
import { RES_PER_PAGE } from "~/lib/catalogue-query";
import { addReview, clearCatalogue, createProduct, createUser } from "../../../tests/unit/fixtures";
import { getProduct, listProducts, relatedProducts } from "./products.server";
import { recomputeProductRatings } from "./reviews.server";

const names = (page: Awaited<ReturnType<typeof listProducts>>) => page.products.map((p) => p.name);

beforeEach(() => clearCatalogue());

describe("listProducts: paging and counts", () => {
  it("pages the newest products first and counts all of them", async () => {
    for (let i = 1; i <= 20; i++) await createProduct({ name: `Item ${i}` });

    const first = await listProducts({ page: 1 });
    expect(first.resPerPage).toBe(RES_PER_PAGE);
    expect(first.productsCount).toBe(20);
    expect(first.filteredProductsCount).toBe(20);
    expect(first.pageCount).toBe(3);
    expect(names(first)).toEqual([
      "Item 20",
      "Item 19",
      "Item 18",
      "Item 17",
      "Item 16",
      "Item 15",
      "Item 14",
      "Item 13",
    ]);

    const last = await listProducts({ page: 3 });
    expect(names(last)).toEqual(["Item 4", "Item 3", "Item 2", "Item 1"]);

    const beyond = await listProducts({ page: 9 });
    expect(beyond.products).toEqual([]);
    expect(beyond.filteredProductsCount).toBe(20);
  });

  it("counts the filtered set before paging, and productsCount stays the whole catalogue", async () => {
    for (let i = 0; i < 10; i++) await createProduct({ category: "Laptops", priceCents: 100_000 + i });
    for (let i = 0; i < 5; i++) await createProduct({ category: "Books", priceCents: 2000 });

    const laptops = await listProducts({ page: 2, category: "Laptops" });
    expect(laptops.productsCount).toBe(15);
    expect(laptops.filteredProductsCount).toBe(10);
    expect(laptops.products).toHaveLength(2);
    expect(laptops.products.every((p) => p.category === "Laptops")).toBe(true);
  });

  it("returns each product's images in order", async () => {
    const id = await createProduct({ images: 3 });
    const {
      products: [product],
    } = await listProducts({ page: 1 });
    expect(product.id).toBe(id);
    expect(product.images.map((i) => i.url)).toEqual([0, 1, 2].map((n) => `/uploads/test/${id}-${n}.svg`));
  });
});

describe("listProducts: filters", () => {
  it("filters by exact category, price bounds (inclusive) and minimum rating", async () => {
    await createProduct({ name: "Cheap cam", category: "Cameras", priceCents: 5000, ratings: 2 });
    await createProduct({ name: "Mid cam", category: "Cameras", priceCents: 25000, ratings: 4 });
    await createProduct({ name: "Dear cam", category: "Cameras", priceCents: 250000, ratings: 4.5 });
    await createProduct({ name: "Mid book", category: "Books", priceCents: 25000, ratings: 5 });

    expect(names(await listProducts({ page: 1, category: "Cameras" }))).toHaveLength(3);
    expect(names(await listProducts({ page: 1, priceGteCents: 25000, priceLteCents: 25000 })).sort()).toEqual([
      "Mid book",
      "Mid cam",
    ]);
    expect(names(await listProducts({ page: 1, category: "Cameras", ratingsGte: 4 })).sort()).toEqual([
      "Dear cam",
      "Mid cam",
    ]);
    const none = await listProducts({ page: 1, category: "Cameras", priceLteCents: 1000 });
    expect(none.filteredProductsCount).toBe(0);
  });
});

describe("listProducts: full-text search", () => {
  it("ranks a match in the name above a match in the description only", async () => {
    await createProduct({ name: "Travel bag", description: "Fits a tripod and a small drone." });
    await createProduct({ name: "Carbon tripod", description: "Light and stable." });
    const result = await listProducts({ page: 1, keyword: "tripod" });
    expect(names(result)).toEqual(["Carbon tripod", "Travel bag"]);
    expect(result.filteredProductsCount).toBe(2);
  });

  it("matches the last word as a prefix, in any case", async () => {
    await createProduct({ name: "Apple MacBook Pro 14" });
    await createProduct({ name: "Apple iPad Air" });
    expect(names(await listProducts({ page: 1, keyword: "macb" }))).toEqual(["Apple MacBook Pro 14"]);
    expect(names(await listProducts({ page: 1, keyword: "APPLE MACBOOK" }))).toEqual(["Apple MacBook Pro 14"]);
    expect(names(await listProducts({ page: 1, keyword: "apple i" }))).toEqual(["Apple iPad Air"]);
  });

  it("ignores accents both ways", async () => {
    await createProduct({ name: "Crème Brûlée Gift Box", category: "Food" });
    await createProduct({ name: "Creme Soda", category: "Food" });
    expect(names(await listProducts({ page: 1, keyword: "creme brulee" }))).toEqual(["Crème Brûlée Gift Box"]);
    expect(names(await listProducts({ page: 1, keyword: "crème" })).sort()).toEqual([
      "Creme Soda",
      "Crème Brûlée Gift Box",
    ]);
  });

  it("searches category and seller too, and combines with filters", async () => {
    await createProduct({ name: "Thing one", seller: "Acme Outlet", category: "Home", priceCents: 1000 });
    await createProduct({ name: "Thing two", seller: "Acme Outlet", category: "Home", priceCents: 9000 });
    await createProduct({ name: "Thing three", seller: "Other", category: "Sports" });
    expect(names(await listProducts({ page: 1, keyword: "acme" }))).toHaveLength(2);
    expect(names(await listProducts({ page: 1, keyword: "sports" }))).toEqual(["Thing three"]);
    expect(names(await listProducts({ page: 1, keyword: "acme", priceGteCents: 5000 }))).toEqual(["Thing two"]);
  });

  it("finds nothing for text without a searchable word, and nothing for unknown words", async () => {
    await createProduct({ name: "Anything" });
    expect((await listProducts({ page: 1, keyword: "***" })).filteredProductsCount).toBe(0);
    expect((await listProducts({ page: 1, keyword: "zzzqqq" })).products).toEqual([]);
  });

  it("keeps the index in step when a product is renamed or deleted", async () => {
    const id = await createProduct({ name: "Old gadget" });
    await commitTogether((tx) => tx.update(products).set({ name: "Shiny widget" }).where(eq(products.id, id)));
    expect(names(await listProducts({ page: 1, keyword: "gadget" }))).toEqual([]);
    expect(names(await listProducts({ page: 1, keyword: "widget" }))).toEqual(["Shiny widget"]);
    await commitTogether((tx) => tx.delete(products).where(eq(products.id, id)));
    expect(names(await listProducts({ page: 1, keyword: "widget" }))).toEqual([]);
  });
});

describe("listProducts: sort", () => {
  beforeEach(async () => {
    // Created in this order (newest last); two share a price and two share a rating, to show the ties.
    await createProduct({ name: "Lamp B", description: "desk lamp", category: "Home", priceCents: 3000, ratings: 4 });
    await createProduct({ name: "Lamp A", description: "desk lamp", category: "Home", priceCents: 1000, ratings: 2 });
    await createProduct({ name: "Lamp C", description: "desk lamp", category: "Home", priceCents: 3000, ratings: 5 });
    await createProduct({ name: "Lamp D", description: "floor lamp", category: "Home", priceCents: 2000, ratings: 4 });
    await createProduct({ name: "Ball", category: "Sports", priceCents: 500, ratings: 5 });
  });

  it("lists a category alone, newest first by default", async () => {
    const home = await listProducts({ page: 1, category: "Home" });
    expect(names(home)).toEqual(["Lamp D", "Lamp C", "Lamp A", "Lamp B"]);
    expect(home.filteredProductsCount).toBe(4);
  });

  it.each([
    ["price-asc", ["Lamp A", "Lamp D", "Lamp C", "Lamp B"]],
    ["price-desc", ["Lamp C", "Lamp B", "Lamp D", "Lamp A"]],
    ["rating", ["Lamp C", "Lamp D", "Lamp B", "Lamp A"]],
    ["newest", ["Lamp D", "Lamp C", "Lamp A", "Lamp B"]],
    ["relevance", ["Lamp D", "Lamp C", "Lamp A", "Lamp B"]], // without a keyword: newest
  ] as const)("orders by %s, ties newest first, with or without a keyword", async (sort, expected) => {
    expect(names(await listProducts({ page: 1, category: "Home", sort }))).toEqual(expected);
    if (sort !== "relevance") expect(names(await listProducts({ page: 1, keyword: "lamp", sort }))).toEqual(expected);
  });

  it("ranks by relevance by default with a keyword, and pages a sorted list stably", async () => {
    expect(names(await listProducts({ page: 1, keyword: "floor lamp" }))).toEqual(["Lamp D"]);
    expect(names(await listProducts({ page: 1, keyword: "desk" }))[0]).not.toBe("Lamp D");
    for (let i = 0; i < 10; i++) await createProduct({ name: `Same ${i}`, category: "Books", priceCents: 700 });
    const pages = [1, 2].map((page) => listProducts({ page, category: "Books", sort: "price-asc" }));
    const [first, second] = await Promise.all(pages);
    expect([...names(first), ...names(second)]).toEqual(Array.from({ length: 10 }, (_, i) => `Same ${9 - i}`));
  });

  it("combines the sort with a keyword and filters", async () => {
    expect(names(await listProducts({ page: 1, keyword: "lamp", priceGteCents: 2000, sort: "price-asc" }))).toEqual([
      "Lamp D",
      "Lamp C",
      "Lamp B",
    ]);
  });
});

describe("getProduct", () => {
  it("returns null for an unknown or malformed id", async () => {
    expect(await getProduct("nope")).toBeNull();
    expect(await getProduct("' OR 1=1 --")).toBeNull();
  });

  it("returns the product with images, and reviews with the reviewer's name", async () => {
    const id = await createProduct({ name: "Reviewed", images: 2 });
    const ann = await createUser("Ann");
    const bob = await createUser("Bob");
    await addReview(id, ann, 5, "Great");
    await addReview(id, bob, 2, "Meh");
    await commitTogether((tx) => recomputeProductRatings(tx, id));

    const product = await getProduct(id);
    expect(product).not.toBeNull();
    expect(product!.images).toHaveLength(2);
    expect(product!.ratings).toBe(3.5);
    expect(product!.numOfReviews).toBe(2);
    expect(product!.reviews.map((r) => [r.name, r.rating, r.comment]).sort()).toEqual([
      ["Ann", 5, "Great"],
      ["Bob", 2, "Meh"],
    ]);
  });
});

describe("relatedProducts", () => {
  it("gives up to four others of the same category, newest first, never the product itself", async () => {
    const ids = await Promise.all(
      Array.from({ length: 6 }, (_, i) => createProduct({ name: `Laptop ${i + 1}`, category: "Laptops" })),
    );
    await createProduct({ name: "A book", category: "Books" });
    const related = await relatedProducts({ id: ids[5], category: "Laptops" });
    expect(related.map((p) => p.name)).toEqual(["Laptop 5", "Laptop 4", "Laptop 3", "Laptop 2"]);
    expect(related[0].images).toHaveLength(1);

    const fromOlder = await relatedProducts({ id: ids[1], category: "Laptops" });
    expect(fromOlder.map((p) => p.name)).toEqual(["Laptop 6", "Laptop 5", "Laptop 4", "Laptop 3"]);
  });

  it("is empty when the product is the only one of its category", async () => {
    const id = await createProduct({ category: "Food" });
    await createProduct({ category: "Books" });
    expect(await relatedProducts({ id, category: "Food" })).toEqual([]);
  });
});
