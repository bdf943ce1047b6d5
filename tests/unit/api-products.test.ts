import { beforeEach, describe, expect, it } from "vitest";
import { config } from "~/config.server";
import { loader as productLoader } from "~/routes/api/v1/product.$id";
import { loader as productsLoader } from "~/routes/api/v1/products";
import { addCategories, addReview, clearCatalogue, createProduct, createUser } from "./fixtures";

type Args = Parameters<typeof productsLoader>[0];
const call = (loader: (args: Args) => Promise<Response>, url: string, params: Record<string, string> = {}) =>
  loader({ request: new Request(`http://shop.test${url}`), params, context: { clientIp: "127.0.0.1" } });

beforeEach(async () => {
  await clearCatalogue();
  await addCategories("Cameras");
});

describe("GET /api/v1/products", () => {
  it("answers the spec's payload with products in the spec's shape", async () => {
    const id = await createProduct({ name: "Sony Alpha", priceCents: 249_999, category: "Cameras", images: 2 });
    await addReview(id, await createUser("Ann"), 4, "Sharp");
    await createProduct({ name: "Other" });

    const response = await call(productsLoader, "/api/v1/products?keyword=sony");
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ success: true, productsCount: 2, filteredProductsCount: 1, resPerPage: 8 });
    expect(body.products).toHaveLength(1);
    const [product] = body.products;
    expect(product).toMatchObject({
      _id: id,
      name: "Sony Alpha",
      price: 2499.99,
      category: "Cameras",
      seller: "Test Seller",
      stock: 5,
      numOfReviews: 0,
    });
    expect(product.images).toHaveLength(2);
    expect(product.images[0]).toEqual({ _id: expect.any(String), url: `${config.publicUrl}/uploads/test/${id}-0.svg` });
    expect(product.reviews).toEqual([
      expect.objectContaining({ name: "Ann", rating: 4, comment: "Sharp", productId: id }),
    ]);
  });

  it.each([
    ["/api/v1/products?page=0", "page must be a whole number from 1"],
    ["/api/v1/products?category=Toys", "category must be one of: Cameras"],
    ["/api/v1/products?price[gte]=cheap", "The minimum price must be an amount such as 25 or 19.99"],
    ["/api/v1/products?ratings[gte]=9", "The minimum rating must be a number from 0 to 5"],
  ])("answers 400 with a message for %s", async (url, message) => {
    const response = await call(productsLoader, url);
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.success).toBe(false);
    expect(body.message).toContain(message);
  });
});

describe("GET /api/v1/product/:id", () => {
  it("answers the product", async () => {
    const id = await createProduct({ name: "Kindle" });
    const response = await call(productLoader, `/api/v1/product/${id}`, { id });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ success: true, product: { _id: id, name: "Kindle", reviews: [] } });
  });

  it("answers 404 Product not found for an unknown id", async () => {
    const response = await call(productLoader, "/api/v1/product/nope", { id: "nope" });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ success: false, message: "Product not found" });
  });
});
