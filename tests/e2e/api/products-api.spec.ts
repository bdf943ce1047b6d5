import { expect, test } from "../support/openapi-check";

test("GET /api/v1/products pages the catalogue with the spec's counts", async ({ request }) => {
  const response = await request.get("/api/v1/products?page=2");
  expect(response.status()).toBe(200);
  const body = await response.json();
  expect(body).toMatchObject({ success: true, productsCount: 72, filteredProductsCount: 72, resPerPage: 8 });
  expect(body.products).toHaveLength(8);
  // The specification's fields, and the shop's own weightGrams (shipping by weight), options and variants.
  expect(Object.keys(body.products[0]).sort()).toEqual(
    [
      "_id",
      "category",
      "createdAt",
      "description",
      "images",
      "name",
      "numOfReviews",
      "options",
      "price",
      "ratings",
      "reviews",
      "seller",
      "stock",
      "variants",
      "weightGrams",
    ].sort(),
  );
});

test("GET /api/v1/products filters like the original API", async ({ request }) => {
  const body = await (await request.get("/api/v1/products?category=Laptops&price[gte]=1000&price[lte]=1900")).json();
  expect(body.filteredProductsCount).toBe(4);
  for (const p of body.products) {
    expect(p.category).toBe("Laptops");
    expect(p.price).toBeGreaterThanOrEqual(1000);
    expect(p.price).toBeLessThanOrEqual(1900);
  }
  const rated = await (await request.get("/api/v1/products?ratings[gte]=4")).json();
  expect(rated.products.every((p: { ratings: number }) => p.ratings >= 4)).toBe(true);
});

test("bad query values answer 400 with a message", async ({ request }) => {
  for (const [query, message] of [
    ["page=zero", "page must be a whole number from 1"],
    ["category=Toys", "category must be one of"],
    ["price[lte]=abc", "The maximum price must be an amount such as 25 or 19.99"],
    ["ratings[gte]=10", "The minimum rating must be a number from 0 to 5"],
    ["sort=cheapest", "sort must be one of: relevance, newest, price-asc, price-desc, rating"],
  ]) {
    const response = await request.get(`/api/v1/products?${query}`);
    expect(response.status(), query).toBe(400);
    const body = await response.json();
    expect(body.success).toBe(false);
    expect(body.message).toContain(message);
  }
});

test("GET /api/v1/product/:id answers the product or 404", async ({ request }) => {
  const list = await (await request.get("/api/v1/products")).json();
  const id = list.products[0]._id;
  const ok = await request.get(`/api/v1/product/${id}`);
  expect(ok.status()).toBe(200);
  expect((await ok.json()).product._id).toBe(id);

  const missing = await request.get("/api/v1/product/unknown-id");
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toEqual({ success: false, message: "Product not found" });
});

test("an unknown API path answers JSON 404", async ({ request }) => {
  const response = await request.get("/api/v1/nothing/here");
  expect(response.status()).toBe(404);
  expect(await response.json()).toMatchObject({ success: false });
});

test("the spec's other paths redirect permanently", async ({ request }) => {
  const product = await request.get("/products/abc123", { maxRedirects: 0 });
  expect(product.status()).toBe(301);
  expect(product.headers().location).toBe("/product/abc123");
  const login = await request.get("/login?redirectTo=%2Fcart", { maxRedirects: 0 });
  expect(login.status()).toBe(301);
  expect(login.headers().location).toBe("/lgn?redirectTo=%2Fcart");
});

test("/healthz checks the database", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: "ok" });
});

test("demo images are served with long cache headers", async ({ request }) => {
  const list = await (await request.get("/api/v1/products")).json();
  const image = await request.get(list.products[0].images[0].url);
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toContain("image/svg+xml");
  expect(image.headers()["cache-control"]).toContain("max-age=31536000");
});

test("GET /api/v1/products?sort= orders by price, rating or age, with a keyword too, stable across pages", async ({
  request,
}) => {
  const prices = async (query: string) =>
    ((await (await request.get(`/api/v1/products?${query}`)).json()).products as { price: number }[]).map(
      (p) => p.price,
    );
  const ascending = await prices("category=Laptops&sort=price-asc");
  expect(ascending).toEqual([749.99, 1099, 1599.5, 1649, 1849.99, 1999]);
  expect(await prices("category=Laptops&sort=price-desc")).toEqual([...ascending].reverse());
  const withKeyword = await prices("keyword=apple&sort=price-asc");
  expect(withKeyword).toEqual([...withKeyword].sort((a, b) => a - b));

  const pages = await Promise.all([1, 2, 3].map((page) => prices(`sort=price-asc&page=${page}`)));
  const all = pages.flat();
  expect(all).toHaveLength(24);
  expect(all).toEqual([...all].sort((a, b) => a - b));

  const rated = (await (await request.get("/api/v1/products?sort=rating")).json()).products as { ratings: number }[];
  expect(rated.map((p) => p.ratings)).toEqual(rated.map((p) => p.ratings).sort((a, b) => b - a));
});
