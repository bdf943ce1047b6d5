import { expect, test, type Browser, type Page } from "@playwright/test";
import { DEMO_ADMIN } from "./support/accounts";
import { wcagViolations } from "./support/axe";
import { startOwnShop, type OwnShop } from "./support/own-shop";
import { addToCart } from "./support/shopping";
import { signInAs } from "./support/sign-in";

// Money as a German shop writes it: the owner types "39,90" (or "1.099,00") and the storefront, the
// search's filters and the admin's table speak euros. The currency and locale are shop-wide, so the
// test runs on a shop of its own (the shared shop's prices are read by every other test meanwhile).

let shop: OwnShop;
test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  shop = await startOwnShop({ SEED: "demo" });
  const owner = await ownerPage(browser);
  await owner.goto("/admin/settings");
  await owner.getByLabel("Currency").selectOption("EUR");
  await owner.getByLabel("Language of prices and dates").selectOption("de-DE");
  await owner.getByLabel(/^Home country/).selectOption("Germany");
  await owner.getByRole("button", { name: "Save settings" }).click();
  await expect(owner.getByTestId("toast")).toHaveText("Settings saved");
  await owner.close();
});
test.afterAll(async () => {
  await shop?.stop();
});

async function ownerPage(browser: Browser): Promise<Page> {
  const page = await browser.newPage({ baseURL: shop.base });
  await signInAs(page, DEMO_ADMIN.email, { database: shop.database });
  return page;
}

test("a German shop's owner enters 39,90 as a price and the shop shows 39,90 € everywhere", async ({ browser }) => {
  test.setTimeout(120_000);
  const name = `Thermoskanne ${test.info().project.name} ${Date.now()}`;
  const owner = await ownerPage(browser);
  await owner.goto("/admin/product");
  await owner.getByLabel("Name", { exact: true }).fill(name);
  // A comma before three digits is no German amount: said beside the field, what was typed kept.
  await owner.getByLabel("Price").fill("39,999");
  await owner.getByRole("button", { name: "Create", exact: true }).click();
  await expect(owner.getByText('The price "39,999" is unclear')).toBeVisible();
  await expect(owner.getByLabel("Price")).toHaveValue("39,999");
  await owner.getByLabel("Price").fill("39,90");
  await owner.getByLabel("Description").fill("Hält Kaffee zwölf Stunden warm.");
  await owner.getByLabel("Category").selectOption("Accessories");
  await owner.getByLabel("Stock").fill("5");
  await owner.getByLabel("Seller Name").fill("Volt GmbH");
  await owner.getByLabel("Images").setInputFiles("public/images/default_avatar.jpg");
  await owner.getByRole("button", { name: "Create", exact: true }).click();
  await expect(owner.getByTestId("toast")).toHaveText("Product created successfully");

  // The admin's table: its price column in euros.
  await expect(owner.getByRole("columnheader", { name: /^Price \(€\)/ })).toBeVisible();
  const row = owner.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("39,90 €");
  if (test.info().project.use.javaScriptEnabled !== false) expect(await wcagViolations(owner)).toEqual([]);

  // The form shows the stored price the German way, and "1.099,00" is a thousand and ninety-nine.
  await row.getByRole("link", { name: `Edit ${name}` }).click();
  await expect(owner.getByLabel("Price")).toHaveValue("39,90");
  const id = owner.url().split("/admin/product/")[1];
  await owner.getByRole("button", { name: "Update", exact: true }).click();
  await expect(owner.getByTestId("toast")).toHaveText("Product updated successfully");
  await owner.goto(`/product/${id}`);
  await expect(owner.getByTestId("price")).toHaveText("39,90 €");
  await owner.goto(`/admin/product/${id}`);
  await owner.getByLabel("Price").fill("1.099,00");
  await owner.getByRole("button", { name: "Update", exact: true }).click();
  await expect(owner.getByTestId("toast")).toHaveText("Product updated successfully");
  await owner.goto(`/product/${id}`);
  await expect(owner.getByTestId("price")).toHaveText("1.099,00 €");
  await owner.goto(`/admin/product/${id}`);
  await owner.getByLabel("Price").fill("39.90");
  await owner.getByRole("button", { name: "Update", exact: true }).click();
  await expect(owner.getByTestId("toast")).toHaveText("Product updated successfully");
  // The dashboard's sales axis starts at the shop's zero, not "$0".
  await owner.goto("/dashboard");
  await expect(owner.getByTestId("chart-label").nth(1)).toHaveText("0,00 €");
  await owner.close();

  // The search's price filter: labelled in euros, bounds typed the German way.
  const page = await browser.newPage({ baseURL: shop.base });
  await page.goto("/search/Thermoskanne");
  const price = page.getByRole("group", { name: "Price (€)" });
  await expect(price).toBeVisible();
  await price.getByLabel("Min").fill("39,90");
  await price.getByLabel("Max").fill("40");
  await page.getByRole("button", { name: "Apply filters" }).click();
  // The filtered page (with JavaScript a navigation of the router): its address holds the bounds.
  await expect(page).toHaveURL(/39(,|%2C|\.)90/);
  const card = page.getByTestId("product-card").filter({ hasText: name });
  await expect(card).toContainText("39,90 €");
  await expect(page.getByLabel("Min")).toHaveValue("39,90");
  await page.getByLabel("Min").fill("39,91");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/39(,|%2C|\.)91/);
  await expect(page.getByTestId("product-card").filter({ hasText: name })).toHaveCount(0);
  await page.close();
});

test("a cart is priced for the shop's home country until the shopper gives an address", async ({ browser }) => {
  const page = await browser.newPage({ baseURL: shop.base });
  await addToCart(page, "JBL Tune 510BT On-Ear Headphones");
  await page.goto("/cart");
  await expect(page.getByTestId("subtotal-note")).toHaveText(
    "Before 5% tax and shipping to Germany (25,00 €, free on orders over 200,00 €), which are added at checkout. " +
      "Priced for Germany until you give your address.",
  );
  await page.close();
});
