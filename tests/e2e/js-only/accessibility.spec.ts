import { expect, test } from "@playwright/test";
import { loginViaForm, registerViaApi } from "../support/accounts";
import { overflowsViewport, wcagViolations } from "../support/axe";

// The pages issue 11 added or changed, on a 390 px phone, with JavaScript on and off: no WCAG 2.1
// AA violation and nothing running off the screen.

test.use({ viewport: { width: 390, height: 800 } });

test("the profile with its list of signed-in devices", async ({ page, browser }) => {
  const account = await registerViaApi(page, "Phone Reader");
  const other = await browser.newContext();
  await loginViaForm(await other.newPage(), account.email, account.password);
  await page.goto("/me");
  await expect(page.getByTestId("session")).toHaveCount(2);
  expect(await wcagViolations(page)).toEqual([]);
  expect(await overflowsViewport(page)).toBe(false);
  await other.close();
});

test("the pages the edge answers with: a post from another site (403) and a body over the limit (413)", async ({ page }) => {
  const foreign = await page.request.post("/cart", { headers: { Origin: "http://evil.example" }, form: { intent: "add" } });
  expect(foreign.status()).toBe(403);
  const tooLarge = await page.request.post("/password/forgot", { form: { email: "x".repeat(1024 * 1024 + 10) } });
  expect(tooLarge.status()).toBe(413);
  for (const answer of [foreign, tooLarge]) {
    await page.setContent(await answer.text());
    expect(await wcagViolations(page)).toEqual([]);
    expect(await overflowsViewport(page)).toBe(false);
  }
});

test("the category page with its sort, the filters-empty state and a 'Did you mean'", async ({ page }) => {
  for (const url of ["/search?category=Laptops&sort=price-asc", "/search/laptop?price[lte]=5", "/search/macbok"]) {
    await page.goto(url);
    await expect(page.getByLabel("Sort by")).toBeVisible();
    expect(await wcagViolations(page), url).toEqual([]);
    expect(await overflowsViewport(page), url).toBe(false);
  }
});

test("the storefront pages of issue 13: home with hero and categories, product with badge, breadcrumbs and related, empty cart, 404", async ({ page, request }) => {
  const list = await (await request.get("/api/v1/products?keyword=Nikon%20Z%20fc")).json();
  const lowStock = list.products.find((p: { name: string }) => p.name === "Nikon Z fc Retro Mirrorless");
  const soldOut = (await (await request.get("/api/v1/products?keyword=ThinkPad")).json()).products[0];
  for (const url of ["/", "/?page=5", `/product/${lowStock._id}`, `/product/${soldOut._id}`, "/search/ThinkPad", "/cart", "/nonexistent-page"]) {
    await page.goto(url);
    expect(await wcagViolations(page), url).toEqual([]);
    expect(await overflowsViewport(page), url).toBe(false);
  }
  await page.goto(`/product/${lowStock._id}`);
  await expect(page.getByTestId("stock-badge").first()).toBeVisible();
});
