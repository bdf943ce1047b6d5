import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { productNamed } from "./helpers";
import { DEMO_ADMIN, registerViaApi } from "./support/accounts";
import { placeOrder } from "./support/orders";
import { CATALOGUE_WRITE } from "./support/catalogue-write";
import { signInAs } from "./support/sign-in";

const picture = `data:image/png;base64,${fs.readFileSync(path.resolve("public/images/profile.png")).toString("base64")}`;

async function asAdmin(page: Page) {
  await signInAs(page, DEMO_ADMIN.email);
}

/** Products made through the admin API (the page's session), with a name unique to this test run. */
async function createProducts(page: Page, prefix: string, stocks: number[]) {
  const made: { _id: string; name: string }[] = [];
  for (const [i, stock] of stocks.entries()) {
    const data = {
      name: `${prefix} ${i} stock ${stock}`,
      price: "12.00",
      description: "Made by the admin list test.",
      category: "Accessories",
      seller: "Lists",
      stock: String(stock),
      images: [picture],
    };
    const created = await page.request.post("/api/v1/admin/product/new", { data });
    expect(created.status()).toBe(201);
    made.push((await created.json()).product);
  }
  return made;
}

const unique = (label: string) => `${label} ${test.info().project.name} ${Date.now()}`;

test("reviews: the latest of every product without a product id, then one product picked from the list", async ({
  page,
  browser,
}) => {
  const product = await productNamed(
    page.request,
    test.info().project.name === "js" ? "Sony WH-1000XM5 Wireless Headphones" : "Kindle Paperwhite 16 GB",
  );
  const comment = unique("Cross-product review");
  const reviewerContext = await browser.newContext();
  const reviewer = await reviewerContext.newPage();
  await registerViaApi(reviewer, "List Reviewer");
  expect(
    (await reviewer.request.put("/api/v1/review", { data: { rating: 2, comment, productId: product._id } })).ok(),
  ).toBe(true);
  await reviewerContext.close();

  await asAdmin(page);
  await page.goto("/admin/reviews");
  for (const header of ["Product", "Rating", "User", "Actions"])
    await expect(page.getByRole("columnheader", { name: header })).toBeVisible();
  // Newest first: the review just written leads the list, with its product, user and date.
  const first = page.locator("tbody tr").first();
  await expect(first).toContainText(comment);
  await expect(first).toContainText(product.name);
  await expect(first).toContainText("List Reviewer");
  await expect(first).toContainText(new Date().toLocaleDateString("en-US", { dateStyle: "medium", timeZone: "UTC" }));

  // Search covers the product's name too.
  await page.getByRole("main").getByRole("searchbox", { name: "Search" }).fill(comment);
  await page.getByRole("main").getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.locator("tbody tr")).toHaveCount(1);

  // Pick the product in the filter (a GET form; submitted on change with JS, with its button without).
  await page.goto("/admin/reviews");
  await page.getByLabel("Product", { exact: true }).selectOption({ label: product.name });
  if (test.info().project.use.javaScriptEnabled === false)
    await page.getByRole("button", { name: "Show" }).first().click();
  await expect(page).toHaveURL(new RegExp(`productId=${product._id}`));
  await expect(page.getByRole("heading", { name: product.name })).toBeVisible();
  const products = await page.locator("tbody tr td:nth-child(2)").allTextContents();
  expect(products.length).toBeGreaterThan(0);
  expect(new Set(products)).toEqual(new Set([product.name]));

  // Each row's product name links to that product's filtered list.
  await page.goto("/admin/reviews");
  await page.locator("tbody tr").filter({ hasText: comment }).getByRole("link", { name: product.name }).click();
  await expect(page).toHaveURL(new RegExp(`productId=${product._id}`));

  // Deleting keeps the filter and says so.
  await page
    .locator("tbody tr")
    .filter({ hasText: comment })
    .getByRole("button", { name: /Delete review/ })
    .click();
  await expect(page.getByTestId("toast")).toHaveText("Review deleted successfully");
  await expect(page).toHaveURL(new RegExp(`productId=${product._id}`));
  await expect(page.getByText(comment)).toHaveCount(0);
});

test(
  "products: thumbnail, category and stock; low-stock and out-of-stock filters; the dashboard's card opens the latter",
  { tag: CATALOGUE_WRITE },
  async ({ page }) => {
    await asAdmin(page);
    const prefix = unique("Stocked");
    const [out, low, plenty] = await createProducts(page, prefix, [0, 3, 6]);
    await page.goto(`/admin/products?q=${encodeURIComponent(prefix)}`);
    for (const header of ["Name", "Category", "Stock", "Actions"])
      await expect(page.getByRole("columnheader", { name: header })).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: low.name });
    await expect(row).toContainText("Accessories");
    await expect(row.getByRole("cell").nth(6)).toHaveText("3");
    const thumb = row.getByRole("img", { name: low.name });
    await expect(thumb).toHaveAttribute("loading", "lazy");
    await expect(thumb).toHaveAttribute("width", "48");
    await expect(thumb).toHaveAttribute("height", "36");
    expect(
      await thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0).catch(() => true),
    ).toBe(true);

    const shown = () => page.locator("tbody tr td:nth-child(4)").allTextContents();
    await page.getByLabel("Stock", { exact: true }).selectOption("low");
    if (test.info().project.use.javaScriptEnabled === false)
      await page.getByRole("button", { name: "Show" }).first().click();
    await expect(page).toHaveURL(/stock=low/);
    await expect(page.locator("tbody tr")).toHaveCount(1);
    expect(await shown()).toEqual([low.name]);

    await page.getByLabel("Stock", { exact: true }).selectOption("out");
    if (test.info().project.use.javaScriptEnabled === false)
      await page.getByRole("button", { name: "Show" }).first().click();
    await expect(page).toHaveURL(/stock=out/);
    await expect(page.locator("tbody tr")).toHaveCount(1);
    expect(await shown()).toEqual([out.name]);
    expect(await shown()).not.toContain(plenty.name);

    await page.goto("/dashboard");
    await page.getByRole("link", { name: /Out of Stock/ }).click();
    await expect(page).toHaveURL(/\/admin\/products\?stock=out$/);
    await expect(page.getByLabel("Stock", { exact: true })).toHaveValue("out");
    // A product out of stock, or one with a variant sold out (its stock is its variants' total).
    for (const stock of await page.locator("tbody tr td:nth-child(7)").allTextContents())
      expect(stock).toMatch(/^0$|^\d+.* variants? out of stock/);
  },
);

test("orders: two selected orders get a new status in one submit", async ({ page, browser }) => {
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await registerViaApi(buyer, unique("Bulk Buyer"));
  const orders = [
    await placeOrder(buyer.request, "Hydro Flask 32 oz Wide Mouth Bottle"),
    await placeOrder(buyer.request, "Hydro Flask 32 oz Wide Mouth Bottle"),
  ];
  await buyerContext.close();

  await asAdmin(page);
  await page.goto("/admin/orders?size=100");
  const checkbox = (order: { _id: string }) => page.getByRole("checkbox", { name: `Select order ${order._id}` });
  const statusOf = (order: { _id: string }) =>
    page
      .getByRole("row")
      .filter({ has: checkbox(order) })
      .getByTestId("order-status");
  for (const order of orders) await checkbox(order).check();
  await page.getByLabel("Set selected orders to").selectOption("Shipped");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("toast")).toHaveText("2 orders set to Shipped");
  for (const order of orders) await expect(statusOf(order)).toHaveText("Shipped");

  // Again: neither can change, and the toast says which and why.
  for (const order of orders) await checkbox(order).check();
  await page.getByLabel("Set selected orders to").selectOption("Shipped");
  await page.getByRole("button", { name: "Apply" }).click();
  // Named by their numbers, as the table shows them (the newer first, as listed).
  await expect(page.getByTestId("toast")).toHaveText(
    `No order changed (#${orders[1].orderNumber}: already Shipped; #${orders[0].orderNumber}: already Shipped)`,
  );

  // Back to Processing: refused in bulk, each order named by its number.
  for (const order of orders) await checkbox(order).check();
  await page.getByLabel("Set selected orders to").selectOption("Processing");
  await page.getByRole("button", { name: "Apply" }).click();
  const onItsPage = "a step back from Shipped: confirm it on the order's page";
  await expect(page.getByTestId("toast")).toHaveText(
    `No order changed (#${orders[1].orderNumber}: ${onItsPage}; #${orders[0].orderNumber}: ${onItsPage})`,
  );
  for (const order of orders) await expect(statusOf(order)).toHaveText("Shipped");

  // Nothing selected: a clear message, nothing changed.
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("toast")).toHaveText("Select the orders to change");
});

test(
  "products: two selected products are deleted through one confirmation page",
  { tag: CATALOGUE_WRITE },
  async ({ page }) => {
    await asAdmin(page);
    const prefix = unique("Bulk Delete");
    const made = await createProducts(page, prefix, [4, 4, 4]);
    await page.goto(`/admin/products?q=${encodeURIComponent(prefix)}`);
    await page.getByRole("checkbox", { name: `Select ${made[0].name}` }).check();
    await page.getByRole("checkbox", { name: `Select ${made[1].name}` }).check();
    await page.getByRole("button", { name: "Delete selected" }).click();
    await expect(page).toHaveURL(/\/admin\/products\/delete\?ids=/);
    await expect(page.getByText("Delete these 2 products? This cannot be undone.")).toBeVisible();
    await expect(page.getByTestId("to-delete").locator("li")).toHaveText([made[0].name, made[1].name]);
    await page.getByRole("button", { name: "Yes, delete" }).click();
    await expect(page).toHaveURL(/\/admin\/products$/);
    await expect(page.getByTestId("toast")).toHaveText("2 products deleted");
    await page.goto(`/admin/products?q=${encodeURIComponent(prefix)}`);
    await expect(page.locator("tbody tr")).toHaveCount(1);
    await expect(page.locator("tbody tr")).toContainText(made[2].name);

    // With nothing selected, the list says so instead of an empty confirmation.
    await page.getByRole("button", { name: "Delete selected" }).click();
    await expect(page).toHaveURL(/\/admin\/products$/);
    await expect(page.getByTestId("toast")).toHaveText("Select the products to delete");
  },
);
