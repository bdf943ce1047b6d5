import { expect, test } from "@playwright/test";

test("home lists the latest products, four to a row, with cards as the spec shows", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveTitle("Buy Best Products Online - ShopIT");
  await expect(page.getByRole("heading", { name: "Latest Products" })).toBeVisible();

  const cards = page.getByTestId("product-card");
  await expect(cards).toHaveCount(8);
  const first = cards.first();
  await expect(first.locator("img")).toHaveAttribute("src", /^\/uploads\/demo\/.+\.svg$/);
  await expect(first.getByText(/^\((1 review|\d+ reviews)\)$/)).toBeVisible();
  await expect(first.getByText(/^\$[\d,]+\.\d{2}$/)).toBeVisible();
  await expect(first.getByRole("link", { name: /View Details/ })).toBeVisible();
  const href = await first.getByRole("heading").getByRole("link").getAttribute("href");
  expect(href).toMatch(/^\/product\/[a-z0-9]+$/);

  // Four cards per row on a wide screen.
  await page.setViewportSize({ width: 1280, height: 900 });
  const tops = await cards.evaluateAll((els) =>
    els.slice(0, 5).map((el) => Math.round(el.getBoundingClientRect().top)),
  );
  expect(new Set(tops.slice(0, 4)).size).toBe(1);
  expect(tops[4]).toBeGreaterThan(tops[0]);
});

test("the first page shows laptops and electronics, each picture drawn by the browser", async ({ page, request }) => {
  const body = await (await request.get("/api/v1/products")).json();
  const showcase = ["Laptops", "Electronics", "Cameras", "Headphones", "Accessories"];
  expect(
    body.products.map((p: { category: string }) => p.category).filter((c: string) => !showcase.includes(c)),
  ).toEqual([]);

  await page.goto("/");
  const pictures = page.getByTestId("product-card").locator("img");
  await expect(pictures).toHaveCount(8);
  for (const picture of await pictures.all()) await picture.scrollIntoViewIfNeeded(); // they load lazily
  // A picture the browser cannot parse as SVG has no natural width.
  await expect
    .poll(() =>
      pictures.evaluateAll(
        (imgs) => (imgs as HTMLImageElement[]).filter((img) => !img.complete || img.naturalWidth === 0).length,
      ),
    )
    .toBe(0);
});

test("the rating bar's width is ratings/5", async ({ page, request }) => {
  const body = await (await request.get("/api/v1/products")).json();
  const rated = body.products.find((p: { ratings: number }) => p.ratings > 0);
  await page.goto("/");
  const card = page.getByTestId("product-card").filter({ hasText: rated.name });
  const width = await card.locator(".rating-inner").evaluate((el) => (el as HTMLElement).style.width);
  expect(width.endsWith("%")).toBe(true);
  expect(parseFloat(width)).toBeCloseTo((rated.ratings / 5) * 100, 0);
});

test("pagination: First / Prev / Next / Last move through pages kept in the query", async ({ page }) => {
  await page.goto("/");
  const pager = page.getByRole("navigation", { name: "Pages" });
  await expect(pager).toBeVisible();
  const firstPageNames = await page.getByTestId("product-card").getByRole("heading").allTextContents();

  await pager.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/\?page=2$/);
  await expect(pager.locator('[aria-current="page"]')).toHaveText("2");
  const secondPageNames = await page.getByTestId("product-card").getByRole("heading").allTextContents();
  expect(secondPageNames).toHaveLength(8);
  expect(secondPageNames.some((n) => firstPageNames.includes(n))).toBe(false);

  await pager.getByRole("link", { name: "Last" }).click();
  await expect(page).toHaveURL(/\?page=9$/);
  await expect(page.getByTestId("product-card")).toHaveCount(8); // 72 demo products
  await expect(pager.getByText("Next")).not.toHaveAttribute("href");

  await pager.getByRole("link", { name: "Prev" }).click();
  await expect(page).toHaveURL(/\?page=8$/);
  await pager.getByRole("link", { name: "First" }).click();
  await expect(pager.locator('[aria-current="page"]')).toHaveText("1");
});

test("a page number that is not a number gets a clear 400, not a crash", async ({ page }) => {
  const response = await page.goto("/?page=abc");
  expect(response?.status()).toBe(400);
  await expect(page.getByText("page must be a whole number from 1")).toBeVisible();
});

test("layout: navbar with logo, search box, cart count and Log in; footer", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("link", { name: "ShopIT" })).toHaveAttribute("href", "/");
  await expect(page.getByPlaceholder("Enter Product Name ...")).toBeVisible();
  const cart = page.getByRole("link", { name: "Laptop 0 items in your cart" });
  await expect(cart).toContainText("Laptop");
  await expect(cart.getByTestId("cart-count")).toHaveText("0");
  await expect(page.getByRole("link", { name: "Log in", exact: true })).toHaveAttribute("href", "/lgn");
  await expect(page.getByRole("contentinfo")).toContainText("All Rights Reserved");
});
