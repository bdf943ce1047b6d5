import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { productNamed } from "./helpers";
import { overflowsViewport, wcagViolations } from "./support/axe";
import { DEMO_ADMIN, uniqueEmail } from "./support/accounts";
import { confirmAsStripeJs, orderFor, placeOrder } from "./support/orders";
import { ownShopForTests, type OwnShop } from "./support/own-shop";
import { SHIPPING_FORM } from "./support/shopping";
import { signInAs } from "./support/sign-in";

// An owner's books (issue 48): an order keeps the currency it was paid in after the shop changes its
// own, EU VAT is charged on shipping too, and the orders CSV adds up to the dashboard. The shop's
// currency and tax rules are the whole shop's, so the test runs on a demo shop of its own.

/** Money as Intl writes it, with ordinary spaces (German puts a no-break space before the €). */
const plain = (text: string | null) => (text ?? "").replace(/\s/g, " ");
const euros = (cents: number) =>
  plain(new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" }).format(cents / 100));

async function newBuyer(
  shop: OwnShop,
  request: { newContext: (o: { baseURL: string }) => Promise<APIRequestContext> },
) {
  const buyer = await request.newContext({ baseURL: shop.base });
  const account = { name: "Books Buyer", email: uniqueEmail("books"), password: "correct-horse-1" };
  expect((await buyer.post("/api/v1/register", { data: account })).status()).toBe(201);
  return { buyer, account };
}

/** A paid order of one product shipped to Berlin, at whatever the shop's rules price it. */
async function germanOrder(buyer: APIRequestContext, productName: string) {
  const product = await productNamed(buyer, productName);
  await buyer.post(`/product/${product._id}`, { form: { intent: "add-to-cart", quantity: "1" }, maxRedirects: 0 });
  const berlin = {
    ...SHIPPING_FORM,
    address: "Unter den Linden 1",
    city: "Berlin",
    postalCode: "10117",
    country: "Germany",
  };
  expect((await buyer.post("/shipping", { form: berlin, maxRedirects: 0 })).status()).toBe(302);
  // What to pay: the shop's own quote for that cart and address.
  const quoted = await buyer.post("/api/v1/order/quote", {
    data: { orderItems: [{ product: product._id, quantity: 1 }], shippingInfo: berlin },
  });
  expect(quoted.status()).toBe(200);
  const amount = Math.round((await quoted.json()).quote.totalPrice * 100);
  const processed = await buyer.post("/api/v1/payment/process", { data: { amount } });
  expect(processed.status()).toBe(200);
  const { intentId } = await confirmAsStripeJs(buyer, (await processed.json()).client_secret);
  return { order: await orderFor(buyer, intentId), product };
}

/** No WCAG 2.1 AA violation, and nothing wider than a phone at 390 px (axe runs in the page: JavaScript on). */
async function expectAccessible(page: Page) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    expect.soft(await wcagViolations(page), `${width} px`).toEqual([]);
    if (width === 390) expect.soft(await overflowsViewport(page)).toBe(false);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function saveSettings(page: Page, shop: OwnShop) {
  await page.goto(`${shop.base}/admin/settings`);
  await page.getByLabel("Currency").selectOption("EUR");
  await page.getByLabel("Language of prices and dates").selectOption("de-DE");
  await page.getByLabel("Prices include tax (VAT): the price shown is the price paid").check();
  await page.getByLabel("Charge tax on shipping too (as EU VAT does)").check();
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByTestId("toast")).toHaveText("Settings saved");
}

test.describe("an owner's books", () => {
  const shop = ownShopForTests({ SEED: "demo" });

  test("an old dollar order stays in dollars after the switch to euros, German VAT covers shipping, and the CSV adds up to the dashboard", async ({
    page,
    playwright,
    javaScriptEnabled,
  }) => {
    test.setTimeout(120_000);
    const { buyer: usdBuyer, account } = await newBuyer(shop, playwright.request);
    const usdOrder = await placeOrder(usdBuyer, "Atomic Habits by James Clear");
    const usdTotal = `$${usdOrder.totalPrice.toFixed(2)}`;

    await signInAs(page, DEMO_ADMIN.email, { database: shop.database });
    await saveSettings(page, shop);
    // Germany: 4,99 € shipping, 19% VAT (the API, as the rules' forms are another spec's).
    const api = page.request;
    const zone = await api.post(`${shop.base}/api/v1/admin/shipping-zone/new`, {
      data: { name: "Germany", countries: ["Germany"] },
    });
    expect(zone.status()).toBe(201);
    const zoneId = (await zone.json()).zone._id;
    const method = await api.post(`${shop.base}/api/v1/admin/shipping-method/new`, {
      data: { zoneId, name: "DHL Paket", kind: "flat", price: "4.99" },
    });
    expect(method.status()).toBe(201);
    const vat = await api.post(`${shop.base}/api/v1/admin/tax-rate/new`, {
      data: { country: "Germany", name: "MwSt.", rate: "19" },
    });
    expect(vat.status()).toBe(201);

    // The dollar order, on the admin's page and the buyer's: still in dollars.
    await page.goto(`${shop.base}/admin/order/${usdOrder._id}`);
    await expect(page.getByTestId("order-amount")).toHaveText(usdTotal);
    await expect(page.getByTestId("total")).toHaveText(usdTotal);
    // The buyer's e-mail, to write to them.
    await expect(page.getByTestId("customer-email")).toHaveAttribute("href", `mailto:${account.email}`);
    const apiOrder = (await (await usdBuyer.get("/api/v1/orders/me")).json()).orders[0];
    expect(apiOrder).toMatchObject({ _id: usdOrder._id, currency: "USD", totalPrice: usdOrder.totalPrice });

    // A German order: prices include VAT, and so does the shipping.
    const { buyer: eurBuyer } = await newBuyer(shop, playwright.request);
    const { order, product } = await germanOrder(eurBuyer, "Atomic Habits by James Clear");
    const itemsCents = Math.round(product.price * 100);
    const taxCents = Math.floor((2 * (itemsCents + 4_99) * 1900 + 11900) / (2 * 11900));
    const placed = (await (await eurBuyer.get(`/api/v1/order/${order._id}`)).json()).order;
    expect(placed).toMatchObject({
      currency: "EUR",
      shippingPrice: 4.99,
      taxPrice: taxCents / 100,
      totalPrice: (itemsCents + 4_99) / 100,
      tax: { name: "MwSt.", rate: 19, included: true, onShipping: true },
    });
    await page.goto(`${shop.base}/admin/order/${order._id}`);
    await expect(page.getByTestId("tax-name")).toHaveText("Includes MwSt. (19%, shipping included):");
    expect(plain(await page.getByTestId("tax").textContent())).toBe(euros(taxCents));
    expect(plain(await page.getByTestId("total").textContent())).toBe(euros(itemsCents + 4_99));
    // Its invoice names the seller, its number and the VAT in it.
    await page.getByRole("link", { name: /^Invoice INV-\d{5}$/ }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Invoice INV-\d{5}$/);
    expect(plain(await page.getByTestId("invoice-tax").textContent())).toBe(euros(taxCents));
    if (javaScriptEnabled) await expectAccessible(page);
    await page.goto(`${shop.base}/admin/order/${order._id}/packing-slip`);
    await expect(page.getByTestId("slip-line")).toHaveCount(1);
    await expect(page.getByTestId("slip-line")).not.toContainText("€");
    if (javaScriptEnabled) await expectAccessible(page);

    // A refund on the dollar order, in dollars.
    const refund = await api.post(`${shop.base}/api/v1/admin/order/${usdOrder._id}/refund`, {
      data: { amount: 5, reason: "Late" },
    });
    expect(refund.status()).toBe(201);

    // The CSV's net, per currency, is the dashboard's revenue.
    const csv = await (await api.get(`${shop.base}/admin/orders.csv`)).text();
    const [header, ...rows] = csv.trim().split("\n");
    const columns = header.split(",");
    // No cell of these orders holds a comma but the address, which comes before the amounts: count from the end.
    const cell = (row: string, name: string) => row.split(",").at(columns.indexOf(name) - columns.length)!;
    const net = (currency: string) =>
      rows
        .filter((row) => cell(row, "Currency") === currency)
        .reduce((sum, row) => sum + Math.round(Number(cell(row, "Net")) * 100), 0);
    expect(net("USD")).toBe(Math.round(usdOrder.totalPrice * 100) - 5_00);
    expect(net("EUR")).toBe(itemsCents + 4_99);
    expect(rows.find((row) => row.startsWith(`#${usdOrder.orderNumber},`))).toContain(",Partially refunded,Processing");

    await page.goto(`${shop.base}/dashboard`);
    expect(plain(await page.getByTestId("total-amount").textContent())).toBe(euros(net("EUR")));
    expect(plain(await page.getByTestId("other-currencies").textContent())).toContain(
      plain(new Intl.NumberFormat("de-DE", { style: "currency", currency: "USD" }).format(net("USD") / 100)),
    );
    await usdBuyer.dispose();
    await eurBuyer.dispose();
  });
});
