import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { DEMO_ADMIN } from "./support/accounts";
import { productNamed } from "./helpers";
import { CATALOGUE_WRITE } from "./support/catalogue-write";

type JsonLd = Record<string, any>;

async function jsonLd(page: Page): Promise<JsonLd[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as JsonLd);
}

async function expectOneDescriptionAndCanonical(page: Page, canonical: string) {
  await expect(page.locator('meta[name="description"]')).toHaveCount(1);
  expect(await page.locator('meta[name="description"]').getAttribute("content")).toBeTruthy();
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", canonical);
}

test("every storefront page has one description and one absolute canonical without tracking parameters", async ({
  page,
  request,
  baseURL,
}) => {
  const product = await productNamed(request, "Apple iPad Air 11 M2");
  for (const [url, canonical] of [
    ["/?utm_source=news&page=1", "/"],
    ["/?page=2&fbclid=abc", "/?page=2"],
    ["/search/laptop?category=Laptops&utm_campaign=x", "/search/laptop?category=Laptops"],
    [`/product/${product._id}?image=1&utm_medium=mail`, `/product/${product._id}`],
    ["/cart?ref=x", "/cart"],
    ["/lgn", "/lgn"],
    ["/register", "/register"],
    ["/password/forgot", "/password/forgot"],
  ]) {
    await page.goto(url);
    await expectOneDescriptionAndCanonical(page, `${baseURL}${canonical}`);
  }
});

test("private pages are marked noindex, catalogue pages are not", async ({ page }) => {
  await page.goto("/cart");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await page.goto("/lgn");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await page.goto("/");
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
});

test("a product page carries Open Graph, Twitter tags and JSON-LD with its price and availability", async ({
  page,
  request,
  baseURL,
}) => {
  const product = await productNamed(request, "Apple iPad Air 11 M2");
  await page.goto(`/product/${product._id}`);
  const url = `${baseURL}/product/${product._id}`;
  const meta = (attr: string, name: string) => page.locator(`meta[${attr}="${name}"]`);
  await expect(meta("property", "og:type")).toHaveAttribute("content", "product");
  await expect(meta("property", "og:title")).toHaveAttribute("content", product.name);
  await expect(meta("property", "og:url")).toHaveAttribute("content", url);
  await expect(meta("property", "og:image")).toHaveAttribute("content", product.images[0].url);
  expect(product.images[0].url.startsWith(`${baseURL}/`)).toBe(true);
  await expect(meta("name", "twitter:card")).toHaveAttribute("content", "summary_large_image");
  await expect(meta("name", "twitter:image")).toHaveAttribute("content", product.images[0].url);

  const [ld, crumbs] = await jsonLd(page);
  expect(ld).toMatchObject({
    "@type": "Product",
    name: product.name,
    sku: product._id,
    category: product.category,
    offers: { price: product.price.toFixed(2), priceCurrency: "USD", availability: "https://schema.org/InStock", url },
    aggregateRating: { reviewCount: product.numOfReviews },
  });
  expect(crumbs.itemListElement.map((c: JsonLd) => c.item)).toEqual([
    `${baseURL}/`,
    `${baseURL}/category/${product.category.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`,
    url,
  ]);
});

test(
  "JSON-LD holds a name with </script> as data, and says OutOfStock and no rating when so",
  { tag: CATALOGUE_WRITE },
  async ({ page, playwright, baseURL }) => {
    const admin = await playwright.request.newContext({ baseURL });
    await admin.post("/api/v1/login", { data: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password } });
    const jpeg = fs.readFileSync(path.resolve("public/images/default_avatar.jpg"));
    const name = `Gadget </script><script>window.hacked=1</script> ${Date.now()}`;
    const created = await admin.post("/api/v1/admin/product/new", {
      data: {
        name,
        price: "19.5",
        description: "A <b>bold</b> gadget",
        category: "Electronics",
        seller: "Seo",
        stock: "0",
        images: [`data:image/jpeg;base64,${jpeg.toString("base64")}`],
      },
    });
    expect(created.status()).toBe(201);
    const { product } = await created.json();
    await admin.dispose();

    const html = await (await page.request.get(`/product/${product._id}`)).text();
    const block = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
    expect(block).not.toContain("<");
    await page.goto(`/product/${product._id}`);
    const [ld] = await jsonLd(page);
    expect(ld.name).toBe(name);
    expect(ld.offers).toMatchObject({ price: "19.50", availability: "https://schema.org/OutOfStock" });
    expect(ld).not.toHaveProperty("aggregateRating");
    expect(await page.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined();
  },
);

test("/sitemap.xml lists the home page, the categories and every product with lastmod", async ({
  request,
  baseURL,
}) => {
  const products = await (await request.get("/api/v1/products")).json();
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^application\/xml/);
  const xml = await response.text();
  const urls = [...xml.matchAll(/<url><loc>([^<]*)<\/loc><lastmod>([^<]*)<\/lastmod><\/url>/g)].map((m) => ({
    loc: m[1],
    lastmod: m[2],
  }));
  expect(urls.length).toBe(xml.match(/<url>/g)?.length);
  for (const { lastmod } of urls) expect(Number.isNaN(Date.parse(lastmod))).toBe(false);
  const locs = urls.map((u) => u.loc);
  expect(locs[0]).toBe(`${baseURL}/`);
  expect(locs).toContain(`${baseURL}/category/laptops`);
  // Other tests may add products meanwhile: at least the catalogue counted just before.
  expect(locs.filter((loc) => loc.startsWith(`${baseURL}/product/`)).length).toBeGreaterThanOrEqual(
    products.productsCount,
  );
  for (const p of products.products) expect(locs).toContain(`${baseURL}/product/${p._id}`);
  // Below 50,000 URLs there is no index, so no numbered pages.
  expect((await request.get("/sitemap/1.xml")).status()).toBe(404);
});

test("robots.txt names the sitemap and keeps the private areas out", async ({ request, baseURL }) => {
  const response = await request.get("/robots.txt");
  expect(response.headers()["content-type"]).toMatch(/^text\/plain/);
  const lines = (await response.text()).split("\n");
  expect(lines).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  for (const path of [
    "/admin",
    "/dashboard",
    "/api/",
    "/cart",
    "/shipping",
    "/confirm",
    "/payment",
    "/success",
    "/me",
    "/orders",
    "/order/",
    "/password",
    "/lgn",
    "/register",
    "/logout",
  ]) {
    expect(lines).toContain(`Disallow: ${path}`);
  }
});
