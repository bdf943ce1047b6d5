import { expect, type Page } from "@playwright/test";
import { registerViaApi } from "./accounts";
import { addToCart, fillShipping } from "./shopping";

// For the shop started with Stripe keys (the keys-* projects).

export async function toPayment(page: Page, product: string) {
  await registerViaApi(page, "Keyed Buyer");
  await addToCart(page, product);
  await page.goto("/shipping");
  await fillShipping(page);
  const total = (await page.getByTestId("total").textContent())!;
  await page.getByRole("link", { name: "Proceed to Payment" }).click();
  await expect(page).toHaveTitle("Payment - ShopIT");
  await expect(page.getByTestId("sandbox-note")).toHaveCount(0);
  return total;
}

/** Types the card where this mode asks for it: Stripe Elements, or Stripe Checkout's page. */
export async function payThroughStripe(page: Page, javaScriptEnabled: boolean, total: string, card: string) {
  if (javaScriptEnabled) {
    await expect(page.getByTestId("stripe-elements")).toBeVisible();
    await page.getByLabel("Card number").fill(card);
    await page.getByLabel("Expiration date").fill("12 / 34");
    await page.getByLabel("CVC").fill("123");
    await page.getByRole("button", { name: `Pay - ${total}` }).click();
  } else {
    await page.getByRole("button", { name: `Pay - ${total}` }).click();
    await expect(page).toHaveTitle(`Pay ${total} — payment sandbox`);
    await page.getByLabel("Card number").fill(card);
    await page.getByLabel("Expiry (MM/YY)").fill("12/34");
    await page.getByLabel("CVC").fill("123");
    await page.getByRole("button", { name: `Pay ${total}` }).click();
  }
}
