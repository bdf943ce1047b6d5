import { expect, test } from "@playwright/test";
import { payThroughStripe as pay, toPayment } from "../support/stripe-keys";

// The shop started WITH Stripe keys (playwright.config.ts), talking to a standalone payment
// sandbox in Stripe's place. With JavaScript the card fields are Stripe Elements (here the
// sandbox's Stripe.js stand-in, loaded from another origin as js.stripe.com would be); without
// it the pay button sends the buyer to Stripe Checkout and back.

test("pay with 4242 through Stripe: success, then a PAID order", async ({ page, javaScriptEnabled }) => {
  const total = await toPayment(page, "Sony WH-1000XM5 Wireless Headphones");
  await pay(page, javaScriptEnabled, total, "4242 4242 4242 4242");
  await expect(page).toHaveURL(/\/success\?order=/);
  await expect(page.getByText("Your order has been placed.")).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveText("0");
  const orderId = new URL(page.url()).searchParams.get("order");
  await page.goto(`/order/${orderId}`);
  await expect(page.getByTestId("payment-status")).toHaveText("PAID");
  // The provider's id is the owner's (the admin's order page), not the shopper's.
  await expect(page.getByTestId("payment-id")).toHaveCount(0);
  await expect(page.getByTestId("order-amount")).toHaveText(total);
});

test("a declined card shows Stripe's message; another card then pays", async ({ page, javaScriptEnabled }) => {
  const total = await toPayment(page, "JBL Tune 510BT On-Ear Headphones");
  await pay(page, javaScriptEnabled, total, "4000 0000 0000 0002");
  await expect(page.getByRole("alert")).toHaveText("Your card was declined.");
  if (javaScriptEnabled) {
    await expect(page.getByRole("button", { name: `Pay - ${total}` })).toBeDisabled();
    await page.getByRole("link", { name: "Try another card" }).click();
    await pay(page, true, total, "4242 4242 4242 4242");
  } else {
    // Stripe Checkout lets the buyer try again on its page.
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: `Pay ${total}` }).click();
  }
  await expect(page).toHaveURL(/\/success\?order=/);
  await page.goto("/orders/me");
  await expect(page.getByRole("row").filter({ hasText: total })).toHaveCount(1);
});

test("a card that asks for 3D Secure pays once the buyer completes the bank's check", async ({
  page,
  javaScriptEnabled,
}) => {
  const total = await toPayment(page, "Sony WH-1000XM5 Wireless Headphones");
  await pay(page, javaScriptEnabled, total, "4000 0025 0000 3155");
  // Stripe.js shows the check over the shop's page; Stripe Checkout sends the buyer to the bank's page.
  const check = javaScriptEnabled ? page.getByRole("dialog", { name: "3D Secure authentication" }) : page;
  if (!javaScriptEnabled) await expect(page).toHaveTitle(`Authenticate ${total} — payment sandbox`);
  await check.getByRole("button", { name: "Complete authentication" }).click();
  await expect(page).toHaveURL(/\/success\?order=/);
  await expect(page.getByText("Your order has been placed.")).toBeVisible();
});
