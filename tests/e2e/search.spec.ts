import { expect, test, type Page } from "@playwright/test";

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
  await expect(page.getByText("The minimum price must be an amount such as 25 or 19.99")).toBeVisible();
  await expect(page.getByLabel("Min")).toHaveValue("ten");
  await expect(page.getByLabel("Min")).toHaveAttribute("aria-invalid", "true");
});

const cardNames = (page: Page) => page.getByTestId("product-card").getByRole("heading").allTextContents();

test("a category has a page of its own, sorted and filtered with the filters' form", async ({ page }) => {
  // The specification's way to a category's products leads to its page.
  await page.goto("/search?category=Laptops");
  await expect(page).toHaveURL(/\/category\/laptops$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Laptops");
  await expect(page).toHaveTitle("Laptops - ShopIT");
  await expect(page.getByTestId("results-count")).toHaveText("6 products found");
  await expect(page.getByLabel("Sort by")).toHaveValue("newest");

  await page.getByLabel("Sort by").selectOption("price-asc");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/\/category\/laptops\?sort=price-asc$/);
  await expect(page.getByLabel("Sort by")).toHaveValue("price-asc");
  expect(await cardNames(page)).toEqual([
    "Acer Swift Go 14",
    "Apple MacBook Air 13 M3",
    "ASUS ROG Zephyrus G14",
    "Lenovo ThinkPad X1 Carbon Gen 12",
    "Dell XPS 15 OLED",
    "Apple MacBook Pro 14 M3 Pro",
  ]);

  await page.getByLabel("Max").fill("1600");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByTestId("results-count")).toHaveText("3 products found");
  await page.getByRole("link", { name: "Clear", exact: true }).click();
  await expect(page).toHaveURL(/\/category\/laptops$/);
  await expect(page.getByTestId("results-count")).toHaveText("6 products found");
});

test("a keyword from the navbar keeps the other parameters; an unknown category is explained", async ({ page }) => {
  await page.goto("/search?keyword=apple&category=Laptops&sort=price-desc");
  await expect(page).toHaveURL(/\/search\/apple\?category=Laptops&sort=price-desc$/);
  expect(await cardNames(page)).toEqual(["Apple MacBook Pro 14 M3 Pro", "Apple MacBook Air 13 M3"]);

  const response = await page.goto("/search?category=Toys");
  expect(response?.status()).toBe(400);
  await expect(page.getByText("category must be one of")).toBeVisible();
});

test("pagination keeps the sort", async ({ page }) => {
  await page.goto("/search/with?sort=price-asc");
  const pricesOnPage = async () =>
    (await page.getByTestId("product-card").locator(".card-text").allTextContents()).map((t) =>
      Number(t.replace(/[$,]/g, "")),
    );
  const first = await pricesOnPage();
  expect(first).toEqual([...first].sort((a, b) => a - b));
  await page.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/sort=price-asc/);
  await expect(page).toHaveURL(/page=2/);
  // With JavaScript the address can change a moment before the second page is drawn.
  await expect(page.getByRole("navigation", { name: "Pages" }).locator('[aria-current="page"]')).toHaveText("2");
  const second = await pricesOnPage();
  expect(second[0]).toBeGreaterThanOrEqual(first[first.length - 1]);
  expect(second).toEqual([...second].sort((a, b) => a - b));
});

test("when the filters leave nothing, the page says so and offers to clear them", async ({ page }) => {
  await page.goto("/search/laptop?sort=price-desc");
  await page.getByLabel("Max").fill("5");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByTestId("no-results")).toContainText('No products found for "laptop" with these filters.');
  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/search\/laptop\?sort=price-desc$/);
  await expect(page.getByTestId("product-card").first()).toBeVisible();
  await expect(page.getByLabel("Max")).toHaveValue("");
});

test("a misspelt keyword gets a 'Did you mean' link built from the catalogue's words", async ({ page }) => {
  await page.goto("/search/macbok");
  await expect(page.getByTestId("no-results")).toContainText('No products found for "macbok".');
  await expect(page.getByTestId("no-results")).toContainText("Did you mean macbook?");
  await page.getByRole("link", { name: "macbook" }).click();
  await expect(page).toHaveURL(/\/search\/macbook$/);
  await expect(page.getByTestId("product-card").first()).toContainText("MacBook");

  await page.goto("/search/wireles%20headphnes");
  await page.getByRole("link", { name: "wireless headphones" }).click();
  await expect(page).toHaveURL(/\/search\/wireless%20headphones$/);
  await expect(page.getByTestId("product-card").first()).toBeVisible();
});
