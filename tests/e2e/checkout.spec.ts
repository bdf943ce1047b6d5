import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { expect, test } from "@playwright/test";
import { execute, openShopDatabase } from "../../app/db/shop-file.server";
import { DEMO_ADMIN, registerViaApi, waitForMail } from "./support/accounts";
import { CATALOGUE_WRITE } from "./support/catalogue-write";
import { e2eEnv } from "./support/env";
import { overflowsViewport, wcagViolations } from "./support/axe";
import { placeOrder } from "./support/orders";
import { SHIPPING, addToCart, expectAddress, fillShipping, payWith, readyToPay } from "./support/shopping";
import { money } from "./helpers";

test("shipping checks every field, keeps what was typed, and remembers the address", async ({ page }) => {
  await registerViaApi(page, "Sam Shipper");
  await addToCart(page, "CeraVe Moisturising Cream 454 g");
  await page.goto("/shipping");
  await expect(page).toHaveTitle("Shipping Info - ShopIT");
  await expect(page.getByRole("navigation", { name: "Checkout progress" }).getByRole("link")).toHaveCount(1);
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  for (const message of [
    "Please enter your address",
    "Please enter your city",
    "Please enter your phone number",
    "Please enter your postal code",
    "Please enter your country",
  ])
    await expect(page.getByText(message)).toBeVisible();

  await page.getByLabel("Address").fill("1 Main St");
  await page.getByLabel("Postal Code").fill("A#12");
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await expect(page.getByText("The postal code must be 2 to 12 letters, digits, spaces or dashes")).toBeVisible();
  await expect(page.getByLabel("Address")).toHaveValue("1 Main St");
  await expect(page.getByLabel("Postal Code")).toHaveValue("A#12");

  await fillShipping(page);
  await expect(page).toHaveURL(/\/confirm$/);
  await page.goto("/shipping");
  await expect(page.getByLabel("City")).toHaveValue(SHIPPING.city);
  await expect(page.getByLabel("Country")).toHaveValue(SHIPPING.country);
});

const UK = {
  recipientName: "Jane Doe",
  address: "10 Downing St",
  city: "London",
  state: "Greater London",
  phoneNo: "020 7946 0000",
  postalCode: "sw1a 2aa",
  country: "United Kingdom",
};
const UK_LINES = ["Jane Doe", "10 Downing St", "London, Greater London SW1A 2AA", "United Kingdom"];

test("a UK address with a recipient and a region goes through to confirm, and on the order after paying", async ({
  page,
}) => {
  await registerViaApi(page, "Gift Giver");
  await addToCart(page, "Sony WH-1000XM5 Wireless Headphones");
  await page.goto("/shipping");
  // The recipient starts as the buyer.
  await expect(page.getByLabel("Recipient Name")).toHaveValue("Gift Giver");
  await fillShipping(page, UK);
  await expectAddress(page.getByTestId("buyer-address"), UK_LINES);
  await page.goto("/shipping");
  await expect(page.getByLabel("Recipient Name")).toHaveValue("Jane Doe");
  await expect(page.getByLabel("State / Region (optional)")).toHaveValue("Greater London");
  await expect(page.getByLabel("Postal Code")).toHaveValue("SW1A 2AA");

  await page.goto("/payment");
  await payWith(page, "4242 4242 4242 4242");
  await expect(page).toHaveURL(/\/success\?order=/);
  await expectAddress(page.getByTestId("shipping-address"), UK_LINES);
  await page.getByRole("link", { name: "View order" }).click();
  await expect(page).toHaveTitle("Order Details - ShopIT");
  await expectAddress(page.getByTestId("order-address"), UK_LINES);
});

test("a postal code that is not the country's shows the country's message and keeps every field", async ({ page }) => {
  await registerViaApi(page, "Wrong Code");
  await addToCart(page, "CeraVe Moisturising Cream 454 g");
  await page.goto("/shipping");
  const typed = { ...UK, postalCode: "12345" };
  await page.getByLabel("Recipient Name").fill(typed.recipientName);
  await page.getByLabel("Address").fill(typed.address);
  await page.getByLabel("City").fill(typed.city);
  await page.getByLabel("State / Region (optional)").fill(typed.state);
  await page.getByLabel("Phone No").fill(typed.phoneNo);
  await page.getByLabel("Postal Code").fill(typed.postalCode);
  await page.getByLabel("Country").selectOption(typed.country);
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await expect(page.getByText("That is not a valid postal code for the United Kingdom")).toBeVisible();
  await expect(page.getByLabel("Postal Code")).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/shipping$/);
  await expect(page.getByLabel("Recipient Name")).toHaveValue(typed.recipientName);
  await expect(page.getByLabel("Address")).toHaveValue(typed.address);
  await expect(page.getByLabel("City")).toHaveValue(typed.city);
  await expect(page.getByLabel("State / Region (optional)")).toHaveValue(typed.state);
  await expect(page.getByLabel("Phone No")).toHaveValue(typed.phoneNo);
  await expect(page.getByLabel("Postal Code")).toHaveValue(typed.postalCode);
  await expect(page.getByLabel("Country")).toHaveValue(typed.country);
});

test("confirm shows the buyer, the lines and the totals; under $200 shipping is $25", async ({ page }) => {
  await registerViaApi(page, "Cheap Buyer");
  const cream = await addToCart(page, "CeraVe Moisturising Cream 454 g", 2);
  await page.goto("/shipping");
  await fillShipping(page);
  await expect(page).toHaveTitle("Confirm your Order - ShopIT");
  // The recipient, left as prefilled, is the buyer.
  await expectAddress(page.getByTestId("buyer-address"), [
    "Cheap Buyer",
    SHIPPING.address,
    `${SHIPPING.city} ${SHIPPING.postalCode}`,
    SHIPPING.country,
  ]);
  await expect(page.getByTestId("buyer-phone")).toHaveText(SHIPPING.phoneNo);
  await expect(page.getByTestId("confirm-line")).toContainText(`2 x ${money(cream.price)} = ${money(cream.price * 2)}`);
  const subtotal = Math.round(cream.price * 200);
  const tax = Math.floor((subtotal * 5 + 50) / 100);
  await expect(page.getByTestId("subtotal")).toHaveText(money(subtotal / 100));
  await expect(page.getByTestId("shipping")).toHaveText("$25.00");
  await expect(page.getByTestId("tax")).toHaveText(money(tax / 100));
  await expect(page.getByTestId("total")).toHaveText(money((subtotal + 2500 + tax) / 100));
  // The shop's terms (a page of the demo shop) are linked before paying.
  await page.getByTestId("terms-note").getByRole("link", { name: "terms and conditions" }).click();
  await expect(page).toHaveURL(/\/pages\/terms$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms and conditions");
});

test("pay with 4242: success, a confirmation mail, then My Orders and a PAID order detail", async ({ page }) => {
  const account = await registerViaApi(page, "Happy Payer");
  const headphones = await addToCart(page, "Sony WH-1000XM5 Wireless Headphones");
  await page.goto("/shipping");
  await fillShipping(page);
  await expect(page.getByTestId("shipping")).toHaveText("$0.00"); // over $200: free
  const total = await page.getByTestId("total").textContent();
  await page.getByRole("link", { name: "Proceed to Payment" }).click();
  await expect(page).toHaveTitle("Payment - ShopIT");
  await expect(page.getByRole("button", { name: `Pay - ${total}` })).toBeEnabled();
  await payWith(page, "4242 4242 4242 4242");

  await expect(page).toHaveURL(/\/success\?order=/);
  await expect(page.getByText("Your order has been placed.")).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveText("0");
  const orderId = new URL(page.url()).searchParams.get("order");
  const { order } = await (await page.request.get(`/api/v1/order/${orderId}`)).json();
  const number = `#${order.orderNumber}`;
  // The success page: the number, the items, the total, the address, and where the receipt went.
  await expect(page.getByTestId("order-number")).toContainText(`Order ${number}`);
  await expect(page.getByTestId("success-line")).toHaveText([`1 × ${headphones.name}${money(headphones.price)}`]);
  await expect(page.getByTestId("total")).toHaveText(total!);
  await expectAddress(page.getByTestId("shipping-address"), [
    "Happy Payer",
    "12 Rue de la Paix",
    "Paris 75002",
    "France",
  ]);
  await expect(page.getByTestId("receipt-mailed")).toHaveText(`A receipt has been mailed to ${account.email}.`);
  const mail = await waitForMail(account.email, `your order ${number}`);
  expect(mail.subject).toBe(`ShopIT: your order ${number}`);
  expect(mail.alternative).toBe(true);
  expect(mail.text).toContain(`Thank you for your order ${number}.`);
  // The text part's table: one line per item (name, quantity, price), then the totals.
  const textLine = (start: string) =>
    mail.text
      .split("\n")
      .find((line) => line.startsWith(start))
      ?.split(/\s{2,}/);
  expect(textLine(headphones.name)).toEqual([headphones.name, "1", money(headphones.price)]);
  expect(textLine("Total paid:")).toEqual(["Total paid:", total]);
  expect(mail.text).toContain("Happy Payer, 12 Rue de la Paix, Paris 75002, France");
  expect(mail.text).toContain(`/order/${orderId}/receipt`);
  for (const fact of [`Order ${number}`, headphones.name, total!, `/order/${orderId}/receipt`])
    expect(mail.html).toContain(fact);
  await page.getByRole("link", { name: "Go to Orders" }).click();

  await expect(page).toHaveTitle("My Orders - ShopIT");
  const row = page.getByRole("row").filter({ hasText: total! });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("cell", { name: number, exact: true })).toBeVisible();
  await expect(row.getByTestId("order-status")).toHaveText("Processing");
  await expect(row.getByTestId("order-status")).toHaveClass(/text-bg-secondary/);
  await row.getByRole("link", { name: `View order ${number}` }).click();

  await expect(page).toHaveTitle("Order Details - ShopIT");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Order ${number}`);
  await expect(page.getByTestId("payment-status")).toHaveText("PAID");
  // The provider's id is the owner's (the admin's order page), not the shopper's.
  await expect(page.getByTestId("payment-id")).toHaveCount(0);
  await expect(page.getByTestId("order-amount")).toHaveText(total!);
  await expect(page.getByTestId("subtotal")).toHaveText(money(headphones.price));
  await expect(page.getByTestId("shipping")).toHaveText("$0.00");
  await expect(page.getByTestId("tax")).toHaveText(money(order.taxPrice));
  await expect(page.getByTestId("total")).toHaveText(total!);
  await expect(page.getByTestId("order-line").getByRole("link", { name: headphones.name })).toHaveAttribute(
    "href",
    `/product/${headphones._id}`,
  );
});

test("the success page shows only the buyer's own order, and something sensible without one", async ({
  page,
  browser,
}) => {
  await registerViaApi(page, "Success Owner");
  const order = await placeOrder(page.request, "Atomic Habits by James Clear");
  await page.goto(`/success?order=${order._id}`);
  await expect(page.getByTestId("order-number")).toContainText(`#${order.orderNumber}`);

  const other = await browser.newContext({ javaScriptEnabled: false });
  const otherPage = await other.newPage();
  await registerViaApi(otherPage, "Success Snoop");
  for (const url of [`/success?order=${order._id}`, "/success", "/success?order=nope"]) {
    await otherPage.goto(url);
    await expect(otherPage.getByRole("heading", { name: "No order to show here" })).toBeVisible();
    await expect(otherPage.getByText(`#${order.orderNumber}`)).toHaveCount(0);
    await expect(otherPage.getByRole("main").getByRole("link", { name: "My Orders" })).toHaveAttribute(
      "href",
      "/orders/me",
    );
  }
  await other.close();
});

test("a declined card shows the provider's message and disables the pay button", async ({ page }) => {
  await readyToPay(page, "Declined Dan");
  await payWith(page, "4000 0000 0000 0002");
  await expect(page.getByRole("alert")).toHaveText("Your card was declined.");
  await expect(page.getByRole("button", { name: /^Pay - \$/ })).toBeDisabled();
  await page.getByRole("link", { name: "Try another card" }).click();
  await payWith(page, "4000 0000 0000 9995");
  await expect(page.getByRole("alert")).toHaveText("Your card has insufficient funds.");
  await page.goto("/orders/me");
  await expect(page.getByText("No matching records found")).toBeVisible();
});

test("a card that asks for 3D Secure: a failed check says why, a completed one pays", async ({ page }) => {
  const total = await readyToPay(page, "Secure Sue");
  await payWith(page, "4000 0025 0000 3155");
  await expect(page).toHaveTitle(`Authenticate ${total} — payment sandbox`);
  await page.getByRole("button", { name: "Fail authentication" }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByTestId("toast")).toContainText("We are unable to authenticate your payment method.");

  await payWith(page, "4000 0025 0000 3155");
  await page.getByRole("button", { name: "Complete authentication" }).click();
  await expect(page).toHaveURL(/\/success\?order=/);
  await page.goto("/orders/me");
  await expect(page.getByRole("row").filter({ hasText: total })).toHaveCount(1);
});

test(
  "a payment that comes after the reservation lapsed and the stock sold is refunded, and /success says so to its buyer only",
  { tag: CATALOGUE_WRITE },
  async ({ page, browser, playwright, baseURL }) => {
    const admin = await playwright.request.newContext({ baseURL });
    expect(
      (
        await admin.post("/api/v1/login", { data: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password } })
      ).status(),
    ).toBe(200);
    const image = `data:image/jpeg;base64,${fs.readFileSync(path.resolve("public/images/default_avatar.jpg")).toString("base64")}`;
    const product = {
      name: `Last Late Lamp ${Date.now()}`,
      price: "40.00",
      description: "One left.",
      category: "Home",
      seller: "Lamps",
      stock: "1",
      images: [image],
    };
    const created = await admin.post("/api/v1/admin/product/new", { data: product });
    expect(created.status()).toBe(201);
    const { product: lamp } = (await created.json()) as { product: { _id: string } };

    const buyer = await registerViaApi(page, "Late Lou");
    await page.goto(`/product/${lamp._id}`);
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByTestId("toast")).toHaveText("Item added to cart");
    await page.goto("/shipping");
    await fillShipping(page);
    await page.goto("/payment");
    await payWith(page, "4000 0025 0000 3155");
    await expect(page).toHaveTitle(/^Authenticate \$67\.00 — payment sandbox$/);

    // While the buyer is at the bank, the reservation lapses: its unit goes back on sale and another
    // shopper buys it. Written as the sweeper leaves it (canceled, no hold) with the unit sold again,
    // so the stock stays 0: the sweeper's own run would also cancel the payment at the provider,
    // and a payment arrives this late only when it beats that cancel.
    const shop = openShopDatabase(e2eEnv().database);
    const lapsed = await execute(
      shop.q,
      sql`UPDATE orders SET payment_status = 'canceled', reserved_until = NULL WHERE payment_status = 'requires_payment' AND user_id = (SELECT id FROM users WHERE email = ${buyer.email})`,
    );
    await shop.close();
    expect(lapsed).toBe(1);

    await page.getByRole("button", { name: "Complete authentication" }).click();
    await expect(page).toHaveURL(/\/success\?order=/);
    await expect(page).toHaveTitle("Payment Refunded - ShopIT");
    await expect(page.getByRole("heading", { name: "Your payment was refunded" })).toBeVisible();
    await expect(page.getByTestId("late-payment-refunded")).toHaveText(
      "Your payment of $67.00 came after the items' reservation ran out, so we refunded it in full: it is back on your card within a few days. Nothing was ordered.",
    );
    await expect(page.getByText("Your order has been placed.")).toHaveCount(0);
    // axe and the width check run scripts in the page: with JavaScript on only.
    if (test.info().project.use.javaScriptEnabled !== false) {
      expect(await wcagViolations(page)).toEqual([]);
      await page.setViewportSize({ width: 390, height: 800 });
      expect(await overflowsViewport(page)).toBe(false);
    }

    // The same address in another shopper's browser tells them nothing about this payment.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await registerViaApi(otherPage, "Nosy Nat");
    await otherPage.goto(page.url());
    await expect(otherPage.getByRole("heading", { name: "No order to show here" })).toBeVisible();
    await expect(otherPage.getByText("refunded")).toHaveCount(0);
    await other.close();

    expect((await admin.delete(`/api/v1/admin/product/${lamp._id}`)).status()).toBe(200);
    await admin.dispose();
  },
);

test("the card form checks its fields", async ({ page }) => {
  await registerViaApi(page);
  await addToCart(page, "JBL Tune 510BT On-Ear Headphones");
  await page.goto("/shipping");
  await fillShipping(page);
  await page.goto("/payment");
  await page.getByLabel("Card Number").fill("1234");
  await page.getByLabel("Card Expiry").fill("01/20");
  await page.getByLabel("Card CVC").fill("x");
  await page.getByRole("button", { name: /^Pay - \$/ }).click();
  await expect(page.getByText("Please enter a valid card number")).toBeVisible();
  await expect(page.getByText("This card has expired")).toBeVisible();
  await expect(page.getByText("Please enter the 3 or 4 digit security code")).toBeVisible();
});

test("another user's order is a 404", async ({ page, browser }) => {
  await registerViaApi(page, "Owner");
  await addToCart(page, "Atomic Habits by James Clear");
  await page.goto("/shipping");
  await fillShipping(page);
  await page.goto("/payment");
  await payWith(page, "4242424242424242");
  await expect(page).toHaveURL(/\/success\?order=/);
  const orderId = new URL(page.url()).searchParams.get("order");
  expect(orderId).toBeTruthy();

  const other = await browser.newContext({ javaScriptEnabled: false });
  const otherPage = await other.newPage();
  await registerViaApi(otherPage, "Snoop");
  const response = await otherPage.goto(`/order/${orderId}`);
  expect(response?.status()).toBe(404);
  await expect(otherPage.getByTestId("error-page")).toContainText("Order not found");
  await other.close();
});
