import { expect, test, type Page } from "@playwright/test";
import { DEMO_CATEGORIES as CATEGORIES } from "../../app/seed/demo-categories";
import { overflowsViewport } from "./support/axe";
import { probeProduct, probeWord, productNamed } from "./helpers";
import { CATALOGUE_WRITE } from "./support/catalogue-write";

// Each category's page is at /category/{slug}, the slug made from its name.
const categoryHref = (name: string) => `/category/${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;

async function expectCategoryLinks(page: Page, navName: string) {
  const nav = page.getByRole("navigation", { name: navName });
  await expect(nav.getByRole("link")).toHaveCount(CATEGORIES.length);
  for (const category of CATEGORIES) {
    await expect(nav.getByRole("link", { name: category, exact: true })).toHaveAttribute(
      "href",
      categoryHref(category),
    );
  }
}

test("the home page opens with the laptops hero and a link to every category, then the latest products", async ({
  page,
}) => {
  await page.goto("/");
  const hero = page.getByTestId("hero");
  await expect(hero.getByRole("heading", { level: 1 })).toHaveText("Laptops for work and play");
  await expect(hero.getByRole("link", { name: "Shop laptops" })).toHaveAttribute("href", "/search?category=Laptops");
  await expectCategoryLinks(page, "Shop by category");
  expect(categoryHref("Clothes/Shoes")).toBe("/category/clothes-shoes");
  await expect(page.getByRole("heading", { name: "Latest Products" })).toBeVisible();
  await expect(page.getByTestId("product-card")).toHaveCount(8);
});

test("sold-out and low-stock products carry a badge on their card and their page", async ({ page, request }) => {
  const soldOut = await productNamed(request, "Lenovo ThinkPad X1 Carbon Gen 12");
  const low = await productNamed(request, "Nikon Z fc Retro Mirrorless");
  const plenty = await productNamed(request, "Kindle Paperwhite 16 GB");
  expect([soldOut.stock, low.stock]).toEqual([0, 5]);
  expect(plenty.stock).toBeGreaterThan(5);

  for (const [product, badge] of [
    [soldOut, "Out of stock"],
    [low, "Only 5 left"],
  ] as const) {
    await page.goto(`/search/${encodeURIComponent(product.name)}`);
    const card = page.getByTestId("product-card").filter({ hasText: product.name });
    await expect(card.getByTestId("stock-badge")).toHaveText(badge);
    await page.goto(`/product/${product._id}`);
    await expect(page.getByTestId("product-summary").getByTestId("stock-badge")).toHaveText(badge);
  }
  await page.goto(`/search/${encodeURIComponent(plenty.name)}`);
  await expect(
    page.getByTestId("product-card").filter({ hasText: plenty.name }).getByTestId("stock-badge"),
  ).toHaveCount(0);
});

test(
  "a change of stock shows on the anonymous (cached) pages' badges at once",
  { tag: CATALOGUE_WRITE },
  async ({ page, playwright, baseURL }) => {
    const word = probeWord("Stockprobe", test.info().project.name);
    const { admin, fields, id, remove } = await probeProduct(playwright, baseURL, {
      word,
      name: "Gadget",
      description: "Stock changes twice",
      stock: "12",
    });
    try {
      const card = page.getByTestId("product-card").filter({ hasText: fields.name });
      // Twice each, so that the anonymous cache holds both pages before the change.
      for (let i = 0; i < 2; i++) {
        await page.goto(`/search/${word}`);
        await expect(card.getByTestId("stock-badge")).toHaveCount(0);
        await page.goto(`/product/${id}`);
        await expect(page.getByTestId("price")).toHaveText("$10.00");
      }
      await expect(page.getByTestId("product-summary").getByTestId("stock-badge")).toHaveCount(0);

      const updated = await admin.put(`/api/v1/admin/product/${id}`, { multipart: { ...fields, stock: "2" } });
      expect(updated.status()).toBe(200);
      await page.goto(`/product/${id}`);
      await expect(page.getByTestId("product-summary").getByTestId("stock-badge")).toHaveText("Only 2 left");
      await page.goto(`/search/${word}`);
      await expect(card.getByTestId("stock-badge")).toHaveText("Only 2 left");
    } finally {
      await remove();
    }
  },
);

test("the product page has breadcrumbs and up to four related products of its category", async ({ page, request }) => {
  const product = await productNamed(request, "Nikon Z fc Retro Mirrorless");
  await page.goto(`/product/${product._id}`);
  const crumbs = page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("listitem");
  await expect(crumbs).toHaveText(["Home", "Cameras", product.name]);
  await expect(crumbs.nth(0).getByRole("link")).toHaveAttribute("href", "/");
  await expect(crumbs.nth(1).getByRole("link")).toHaveAttribute("href", "/category/cameras");
  await expect(crumbs.nth(2)).toHaveAttribute("aria-current", "page");
  await expect(crumbs.nth(2).getByRole("link")).toHaveCount(0);

  const related = page.getByTestId("related-products");
  await expect(related.getByRole("heading", { name: "Related products" })).toBeVisible();
  const cards = related.getByTestId("product-card");
  await expect(cards).toHaveCount(4);
  const names = await cards.getByRole("heading").allTextContents();
  expect(names).not.toContain(product.name);
  const cameras = (await (await request.get("/api/v1/products?category=Cameras")).json()).products.map(
    (p: { name: string }) => p.name,
  );
  for (const name of names) expect(cameras).toContain(name);

  await cards
    .first()
    .getByRole("link", { name: /View Details/ })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(names[0]);
});

test("on a 390 px phone the pagination fits, First and Last included", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  for (const url of ["/", "/?page=5", "/?page=9"]) {
    await page.goto(url);
    const pager = page.getByRole("navigation", { name: "Pages" });
    await expect(pager).toBeVisible();
    expect(await overflowsViewport(page)).toBe(false);
    for (const name of ["First", "Prev", "Next", "Last"]) {
      const box = await pager.getByText(name, { exact: true }).boundingBox();
      expect(box, name).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    }
  }
  await page.goto("/?page=5");
  await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Last" }).click();
  await expect(page).toHaveURL(/\?page=9$/);
});

test("the 404 page says so in plain words, without the router's message", async ({ page }) => {
  const response = await page.goto("/nonexistent-page");
  expect(response?.status()).toBe(404);
  const errorPage = page.getByTestId("error-page");
  await expect(errorPage.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  await expect(errorPage).toContainText("We could not find the page you asked for.");
  await expect(errorPage.getByRole("link", { name: "Back to the shop" })).toHaveAttribute("href", "/");
  await expect(page.locator("body")).not.toContainText("No route matches");
  await expect(page.locator("body")).not.toContainText("Error:");
});

test("other router errors (a form posted to a page without one) show no internal message either", async ({ page }) => {
  const answer = await page.request.post("/", { form: { anything: "1" } });
  expect(answer.status()).toBe(405);
  // What the page shows (Remix's hydration data below it still carries the router's error).
  const shown = /<main[^>]*>([\s\S]*?)<\/main>/.exec(await answer.text())?.[1] ?? "";
  expect(shown).toContain("This page cannot do that.");
  expect(shown).not.toContain("did not provide an `action`");
});
