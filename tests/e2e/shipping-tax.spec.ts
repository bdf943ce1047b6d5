import { expect, test, type Page } from "@playwright/test";
import { DEMO_ADMIN, loginViaForm, registerViaApi } from "./support/accounts";
import { ownShopForTests } from "./support/own-shop";
import { addToCart, payWith, SHIPPING } from "./support/shopping";

// The owner's shipping zones, methods and tax rates in the admin's plain forms, and a shopper who
// picks a method and pays the VAT-inclusive price: JavaScript on and off, on a shop of its own (the
// rules price every checkout of the shop).

const shop = ownShopForTests({ SEED: "demo" });

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

async function signedInAsOwner(page: Page) {
  await loginViaForm(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(page.getByText(DEMO_ADMIN.name)).toBeVisible();
}

test("the owner ships to Germany two ways with VAT included; a shopper there chooses and pays that price", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const owner = await browser.newPage({ baseURL: shop.base });
  await signedInAsOwner(owner);
  await owner.goto("/admin/shipping");
  await expect(owner.getByRole("heading", { name: "Everywhere" })).toBeVisible();
  await expect(owner.getByText("Standard: $25.00; free over $200.00")).toBeVisible();

  // A zone, refused once (no countries), then made.
  await owner.getByRole("link", { name: "New zone" }).click();
  await owner.getByLabel("Name").fill("Germany");
  await owner.getByRole("button", { name: "Create" }).click();
  await expect(owner.getByText("Choose the countries this zone ships to")).toBeVisible();
  await expect(owner.getByLabel("Name")).toHaveValue("Germany");
  await owner.getByLabel("Countries").selectOption(["Germany"]);
  await owner.getByRole("button", { name: "Create" }).click();
  await expect(owner.getByTestId("toast")).toHaveText("Shipping zone created");
  const zone = owner.getByRole("region", { name: "Germany" });
  await expect(zone.getByText("No methods yet")).toBeVisible();

  // Its methods: a mistake explained beside its field, then two methods.
  await zone.getByRole("link", { name: "Add one" }).click();
  await owner.getByLabel("Name").fill("DHL Paket");
  // Only the fields of the kind chosen show; without JavaScript all do, the others ignored.
  const js = test.info().project.use.javaScriptEnabled !== false;
  const flatPrice = owner.getByLabel(/^Price in .* \(only for a flat rate\)/);
  await expect(owner.getByLabel("Band 1: up to")).toBeVisible({ visible: !js });
  await owner.getByLabel("By weight: a price for each band of the cart's weight").check();
  if (js) await expect(flatPrice).toBeHidden();
  else await flatPrice.fill("not a price");
  await owner.getByLabel("Band 1: up to").fill("1.5");
  await owner.getByLabel("Band 1: price").fill("4.90");
  await owner.getByRole("button", { name: "Create" }).click();
  await expect(owner.getByText("Enter a weight in grams, such as 1000")).toBeVisible();
  await expect(owner.getByText("The price must be an amount such as 25 or 19.99")).toHaveCount(0);
  await expect(owner.getByLabel("Band 1: price")).toHaveValue("4.90");
  await owner.getByLabel("Flat: one price").check();
  await expect(owner.getByLabel("Band 1: up to")).toBeVisible({ visible: !js });
  await flatPrice.fill("4.90");
  await owner.getByLabel(/^Free when the items cost more than/).fill("500");
  await owner.getByRole("button", { name: "Create" }).click();
  await expect(owner.getByTestId("toast")).toHaveText("Shipping method created");
  await owner.getByRole("link", { name: "New method" }).click();
  await owner.getByLabel("Zone").selectOption({ label: "Germany" });
  await owner.getByLabel("Name").fill("Express");
  await owner.getByLabel("Flat: one price").check();
  await flatPrice.fill("14.90");
  await owner.getByRole("button", { name: "Create" }).click();
  await expect(owner.getByTestId("toast")).toHaveText("Shipping method created");
  await expect(zone.getByText("DHL Paket: $4.90; free over $500.00")).toBeVisible();
  await expect(zone.getByText("Express: $14.90")).toBeVisible();

  // Germany's VAT, in the prices.
  await owner.getByRole("link", { name: "New tax rate" }).click();
  await owner.getByLabel("Country").selectOption("Germany");
  await owner.getByLabel("Rate (%)").fill("19");
  await owner.getByRole("button", { name: "Create" }).click();
  await expect(owner.getByTestId("toast")).toHaveText("Tax rate created");
  await expect(owner.getByRole("row", { name: /Germany All VAT 19%/ })).toBeVisible();
  await owner.goto("/admin/settings");
  await owner.getByLabel("Prices include tax (VAT): the price shown is the price paid").check();
  await owner.getByRole("button", { name: "Save settings" }).click();
  await expect(owner.getByTestId("toast")).toBeVisible();
  await owner.close();

  // A shopper in Germany.
  const page = await browser.newPage({ baseURL: shop.base });
  await registerViaApi(page, "Klaus Shopper");
  const product = await addToCart(page, "JBL Tune 510BT On-Ear Headphones");
  const itemsCents = Math.round(product.price * 100);
  await page.goto("/cart");
  await expect(page.getByTestId("subtotal-note")).toHaveText(
    "Includes 5% tax. Shipping ($25.00, free on orders over $200.00) is added at checkout.",
  );
  await page.goto("/shipping");
  await page.getByLabel("Address").fill("Unter den Linden 1");
  await page.getByLabel("City").fill("Berlin");
  await page.getByLabel("Phone No").fill(SHIPPING.phoneNo);
  await page.getByLabel("Postal Code").fill("10117");
  await page.getByLabel("Country").selectOption("Germany");
  const methods = page.getByRole("group", { name: "Shipping method" });
  if (test.info().project.name === "js") {
    // With JavaScript the methods to the chosen country show at once.
    await expect(methods.getByRole("radio")).toHaveCount(2);
  }
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await expect(page.getByText("Choose how your order is shipped to Germany")).toBeVisible();
  await expect(page.getByLabel("City")).toHaveValue("Berlin");
  await methods.getByLabel("Express: $14.90").check();
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await expect(page).toHaveURL(/\/confirm$/);

  const vatCents = Math.floor((2 * itemsCents * 1900 + 11900) / (2 * 11900));
  const summary = page.getByTestId("order-summary");
  await expect(page.getByTestId("confirm-method")).toHaveText("Shipping method: Express ($14.90) · Change");
  await expect(summary.getByTestId("shipping-method")).toHaveText(" (Express)");
  await expect(summary.getByTestId("shipping")).toHaveText("$14.90");
  await expect(summary.getByTestId("total")).toHaveText(dollars(itemsCents + 14_90));
  await expect(summary.getByTestId("tax-name")).toHaveText("Includes VAT (19%):");
  await expect(summary.getByTestId("tax")).toHaveText(dollars(vatCents));
  await page.goto("/cart");
  await expect(page.getByTestId("subtotal-note")).toHaveText(
    "Includes 19% VAT. Shipping to Germany ($4.90, free on orders over $500.00) is added at checkout.",
  );

  await page.goto("/payment");
  await payWith(page, "4242 4242 4242 4242");
  await expect(page).toHaveURL(/\/success/);
  await expect(page.getByTestId("order-summary").getByTestId("total")).toHaveText(dollars(itemsCents + 14_90));
  await expect(page.getByTestId("order-summary").getByTestId("tax-name")).toHaveText("Includes VAT (19%):");
  await page.close();
});

test("a weight rate warns the owner of the products without a weight, linking to them", async ({ browser }) => {
  test.setTimeout(120_000);
  const owner = await browser.newPage({ baseURL: shop.base });
  await signedInAsOwner(owner);
  const warning = owner.getByTestId("unweighed-warning");
  await owner.goto("/admin/shipping");
  await expect(warning).toHaveCount(0);

  await owner.getByRole("link", { name: "New zone" }).click();
  await owner.getByLabel("Name").fill("Iceland");
  await owner.getByLabel("Countries").selectOption(["Iceland"]);
  await owner.getByRole("button", { name: "Create" }).click();
  await owner.getByRole("region", { name: "Iceland" }).getByRole("link", { name: "Add one" }).click();
  await owner.getByLabel("Name").fill("Post by weight");
  await owner.getByLabel("By weight: a price for each band of the cart's weight").check();
  // The demo's products have no weight: the form says so once a weight rate is chosen.
  await expect(warning).toContainText(/^\d+ products have no weight: a weight rate counts them as nothing/);
  await owner.getByLabel("Band 1: up to").fill("1000");
  await owner.getByLabel("Band 1: price").fill("5");
  await owner.getByRole("button", { name: "Create" }).click();
  await expect(owner.getByTestId("toast")).toHaveText("Shipping method created");

  const count = Number((await warning.textContent())!.match(/^(\d+)/)![1]);
  expect(count).toBeGreaterThan(0);
  await warning.getByRole("link", { name: "See the products without a weight" }).click();
  await expect(owner).toHaveURL(/\/admin\/products\?weight=none$/);
  await expect(owner.getByLabel("Weight")).toHaveValue("none");
  await expect(owner.getByRole("link", { name: /^Edit / }).first()).toBeVisible();

  await owner.goto("/admin/shipping");
  await owner.getByRole("link", { name: "Delete the zone Iceland" }).click();
  await owner.getByRole("button", { name: "Yes, delete" }).click();
  await expect(warning).toHaveCount(0);
  await owner.close();
});
