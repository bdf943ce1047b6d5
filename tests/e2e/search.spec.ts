import { expect, test } from "@playwright/test";

test("the search box opens /search/{keyword} with relevant results, three to a row", async ({ page }) => {
  await page.goto("/");
  await page.getByPlaceholder("Enter Product Name ...").fill("macbook");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/search\/macbook$/);
  await expect(page).toHaveTitle("Search results for macbook - ShopIT");
  const names = await page.getByTestId("product-card").getByRole("heading").allTextContents();
  expect(names.slice(0, 2).sort()).toEqual(["Apple MacBook Air 13 M3", "Apple MacBook Pro 14 M3 Pro"]);
  await expect(page.getByPlaceholder("Enter Product Name ...")).toHaveValue("macbook");

  await page.setViewportSize({ width: 1280, height: 900 });
  const tops = await page
    .getByTestId("product-card")
    .evaluateAll((els) => els.slice(0, 3).map((el) => Math.round(el.getBoundingClientRect().top)));
  expect(new Set(tops).size).toBe(1);
});

test("blank or whitespace-only search goes home", async ({ page }) => {
  await page.goto("/search/apple");
  await page.getByPlaceholder("Enter Product Name ...").fill("   ");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: "Latest Products" })).toBeVisible();
});

test("search matches prefixes and ignores accents and case", async ({ page }) => {
  await page.goto("/search/MACB");
  await expect(page.getByTestId("product-card").first()).toContainText("MacBook");
  await page.goto("/search/creme%20brulee");
  await expect(page.getByTestId("product-card").first()).toContainText("Crème Brûlée Gourmet Gift Box");
});

test("an empty result says so", async ({ page }) => {
  await page.goto("/search/zzqqxx");
  await expect(page.getByTestId("no-results")).toHaveText('No products found for "zzqqxx".');
});

test("filters narrow the results and live in the URL", async ({ page }) => {
  await page.goto("/search/apple");
  const count = page.getByTestId("results-count");
  await expect(count).toHaveText("6 products found");

  await page.getByLabel("Category").selectOption("Laptops");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/category=Laptops/);
  await expect(count).toHaveText("2 products found");

  await page.getByLabel("Max").fill("1500");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(count).toHaveText("1 product found");
  await expect(page.getByTestId("product-card")).toContainText("Apple MacBook Air 13 M3");
  await expect(page.getByLabel("Category")).toHaveValue("Laptops");
  await expect(page.getByLabel("Max")).toHaveValue("1500");

  await page.getByRole("link", { name: "Clear" }).click();
  await expect(count).toHaveText("6 products found");
});

test("minimum rating filter keeps only products rated that high", async ({ page, request }) => {
  const all = await (await request.get("/api/v1/products?keyword=apple")).json();
  const expected = all.products.filter((p: { ratings: number }) => p.ratings >= 3).length;
  await page.goto("/search/apple");
  await page.getByLabel("3 stars & up").check();
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/ratings%5Bgte%5D=3|ratings\[gte\]=3/);
  await expect(page.getByTestId("product-card")).toHaveCount(expected);
});

test("a mistyped filter is explained beside the field and what was typed stays", async ({ page }) => {
  await page.goto("/search/apple");
  await page.getByLabel("Min").fill("ten");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByText("The minimum price must be an amount in dollars, such as 25 or 19.99")).toBeVisible();
  await expect(page.getByLabel("Min")).toHaveValue("ten");
  await expect(page.getByLabel("Min")).toHaveAttribute("aria-invalid", "true");
});
