import { expect, test } from "@playwright/test";
import { DEMO_ADMIN, registerViaApi } from "../support/accounts";
import { overflowsViewport, wcagViolations } from "../support/axe";
import { placeOrder } from "../support/orders";
import { signInAs } from "../support/sign-in";

// The order pages issue 14 changed (numbers, dates, status badges, breakdown, success, receipt), on
// a 390 px phone: no WCAG 2.1 AA violation (the badges' contrast included) and nothing off screen.

test.use({ viewport: { width: 390, height: 800 } });

test("My Orders, the order page, the success page and the receipt", async ({ page }) => {
  await registerViaApi(page, "Phone Buyer");
  const order = await placeOrder(page.request, "Sony WH-1000XM5 Wireless Headphones");
  for (const url of [
    "/orders/me",
    `/order/${order._id}`,
    `/success?order=${order._id}`,
    "/success",
    `/order/${order._id}/receipt`,
  ]) {
    await page.goto(url);
    expect(await wcagViolations(page), url).toEqual([]);
    expect(await overflowsViewport(page), url).toBe(false);
  }
  await expect(page.getByRole("button", { name: "Print" })).toBeVisible();
});

test("the admin's order list and order page, with every status badge", async ({ page, browser }) => {
  // Orders placed and moved through every status, axe at each: the limit guards against a hang,
  // not the speed (which on a loaded machine passed 60 s).
  test.setTimeout(150_000);
  const buyer = await browser.newContext();
  const buyerPage = await buyer.newPage();
  await registerViaApi(buyerPage, "Badge Buyer");
  const order = await placeOrder(buyerPage.request, "Atomic Habits by James Clear");
  await buyer.close();
  await signInAs(page, DEMO_ADMIN.email);
  for (const status of ["Processing", "Shipped", "Delivered"]) {
    if (status !== "Processing") {
      await page.goto(`/admin/order/${order._id}`);
      await page.getByLabel("Status").selectOption(status);
      await page.getByRole("button", { name: "Update status", exact: true }).click();
      await expect(page.getByTestId("order-status")).toHaveText(status);
    }
    await page.goto(`/admin/order/${order._id}`);
    expect(await wcagViolations(page), status).toEqual([]);
    await page.goto(`/admin/orders?q=${order._id}`);
    expect(await wcagViolations(page), status).toEqual([]);
  }
});
