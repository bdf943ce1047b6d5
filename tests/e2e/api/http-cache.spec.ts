import fs from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext } from "../support/openapi-check";
import { DEMO_ADMIN } from "../support/accounts";
import { CATALOGUE_WRITE } from "../support/catalogue-write";

// Anonymous catalogue reads are cached in the server and revalidated with ETags
// (server/page-cache.server.ts); signed-in pages and toasts never are.

const PUBLIC = "public, max-age=0, s-maxage=30, stale-while-revalidate=60";
const jpeg = fs.readFileSync(path.resolve("public/images/default_avatar.jpg"));

/** An ETag for `url` and a 304 for it, retried while other tests change the catalogue meanwhile. */
async function revalidates(request: APIRequestContext, url: string) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const first = await request.get(url);
    expect(first.status()).toBe(200);
    expect(first.headers()["set-cookie"]).toBeUndefined();
    expect(first.headers()["cache-control"]).toBe(PUBLIC);
    expect(first.headers()["vary"]).toMatch(/Cookie/);
    const etag = first.headers()["etag"];
    if (!etag) continue; // the first answer after a change is rendered fresh, without one
    const again = await request.get(url, { headers: { "If-None-Match": etag } });
    if (again.status() === 304) return etag;
  }
  throw new Error(`${url} was never revalidated with a 304`);
}

test("anonymous catalogue pages and API reads answer 304 to a matching If-None-Match", async ({ request }) => {
  const list = await (await request.get("/api/v1/products")).json();
  for (const url of [
    "/",
    "/search/laptop",
    `/product/${list.products[0]._id}`,
    "/api/v1/products?page=2",
    `/api/v1/product/${list.products[0]._id}`,
  ]) {
    await revalidates(request, url);
  }
});

test("a signed-in visitor's page is private and never served from the anonymous cache", async ({
  playwright,
  baseURL,
}) => {
  const admin = await playwright.request.newContext({ baseURL });
  await admin.post("/api/v1/login", { data: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password } });
  const anonymous = await playwright.request.newContext({ baseURL });
  await anonymous.get("/");
  await anonymous.get("/");
  const page = await admin.get("/");
  expect(page.headers()["cache-control"]).toBe("private, no-cache");
  expect(page.headers()["etag"]).toBeUndefined();
  expect(await page.text()).toContain(DEMO_ADMIN.name);
});

test("a toast is shown once and never cached; the anonymous page stays without it", async ({ playwright, baseURL }) => {
  const visitor = await playwright.request.newContext({ baseURL });
  const list = await (await visitor.get("/api/v1/products")).json();
  const product = list.products.find((p: { stock: number }) => p.stock > 0);
  const url = `/product/${product._id}`;
  await visitor.get(url);
  await visitor.post(url, { form: { intent: "add-to-cart", quantity: "1" }, maxRedirects: 0 });
  const withToast = await visitor.get(url);
  expect(withToast.headers()["cache-control"]).toBe("private, no-cache");
  expect(await withToast.text()).toContain("Item added to cart");
  const stranger = await playwright.request.newContext({ baseURL });
  expect(await (await stranger.get(url)).text()).not.toContain("Item added to cart");
});

test(
  "an admin's price change shows at once on the cached product page and API",
  { tag: CATALOGUE_WRITE },
  async ({ playwright, baseURL }) => {
    const admin = await playwright.request.newContext({ baseURL });
    await admin.post("/api/v1/login", { data: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password } });
    const fields = {
      name: "Cache Probe",
      description: "Priced twice",
      category: "Electronics",
      seller: "Probe Seller",
      stock: "5",
    };
    const created = await admin.post("/api/v1/admin/product/new", {
      data: { ...fields, price: "10.00", images: [`data:image/jpeg;base64,${jpeg.toString("base64")}`] },
    });
    const { product } = await created.json();

    const anonymous = await playwright.request.newContext({ baseURL });
    const etag = await revalidates(anonymous, `/api/v1/product/${product._id}`);
    await revalidates(anonymous, `/product/${product._id}`);
    expect(await (await anonymous.get(`/product/${product._id}`)).text()).toContain("$10.00");

    const updated = await admin.put(`/api/v1/admin/product/${product._id}`, {
      multipart: { ...fields, price: "12.50" },
    });
    expect(updated.status()).toBe(200);
    const fresh = await anonymous.get(`/api/v1/product/${product._id}`, { headers: { "If-None-Match": etag } });
    expect(fresh.status()).toBe(200);
    expect((await fresh.json()).product.price).toBe(12.5);
    expect(await (await anonymous.get(`/product/${product._id}`)).text()).toContain("$12.50");
    await admin.delete(`/api/v1/admin/product/${product._id}`);
  },
);

test("the category page is cached per full URL: another sort is another page", async ({ request }) => {
  const ascending = await revalidates(request, "/category/laptops?sort=price-asc");
  const descending = await revalidates(request, "/category/laptops?sort=price-desc");
  expect(descending).not.toBe(ascending);
  const order = async (url: string) => {
    const html = await (await request.get(url)).text();
    return html.indexOf("Acer Swift Go 14") < html.indexOf("Apple MacBook Pro 14 M3 Pro");
  };
  expect(await order("/category/laptops?sort=price-asc")).toBe(true);
  expect(await order("/category/laptops?sort=price-desc")).toBe(false);
  const redirect = await request.get("/search?keyword=apple&sort=rating", { maxRedirects: 0 });
  expect(redirect.status()).toBe(302);
  expect(redirect.headers()["location"]).toBe("/search/apple?sort=rating");
});
