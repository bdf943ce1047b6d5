import { expect, test } from "@playwright/test";
import { toPayment } from "../../support/stripe-keys";

// Stripe Checkout is the path without JavaScript.
test("leaving Stripe Checkout without paying keeps the cart", async ({ page }) => {
  const total = await toPayment(page, "Atomic Habits by James Clear");
  await page.getByRole("button", { name: `Pay - ${total}` }).click();
  await page.getByRole("link", { name: "← Back to the shop" }).click();
  await expect(page).toHaveTitle("Payment - ShopIT");
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  const response = await page.goto("/payment/return?session_id=cs_test_not_mine");
  expect(response?.status()).toBe(404);
});
