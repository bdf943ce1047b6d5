import { sql } from "drizzle-orm";
import { expect, test, type Page } from "@playwright/test";
import { openShopDatabase, rows as rowsOf } from "../../app/db/shop-file.server";
import { money } from "./helpers";
import { DEMO_ADMIN, registerViaApi, uniqueEmail } from "./support/accounts";
import { e2eEnv } from "./support/env";
import { paymentForCart, placeGuestOrder, placeOrder } from "./support/orders";
import { signInAs } from "./support/sign-in";

// The admin's orders list (customer, payment and refund columns; amount and date on a phone; no
// Delete button) and deleting an order from its own page, behind a confirmation, refused while paid.

const BOTTLE = "Hydro Flask 32 oz Wide Mouth Bottle";

/** The list's row of one order, found by its number. */
async function rowOf(page: Page, order: { _id: string; orderNumber: number }) {
  await page.goto(`/admin/orders?${new URLSearchParams({ q: `#${order.orderNumber}` })}`);
  const row = page.locator("tbody tr").filter({ hasText: `#${order.orderNumber}` });
  await expect(row).toHaveCount(1);
  return row;
}

test("the orders list names each order's customer, its payment and what was refunded; a phone keeps amount and date", async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  const account = await registerViaApi(buyer, "Liam List");
  const mine = await placeOrder(buyer.request, BOTTLE);
  await buyerContext.close();
  const guest = await playwright.request.newContext({ baseURL });
  const guestEmail = uniqueEmail("list-guest");
  const theirs = await placeGuestOrder(guest, guestEmail, BOTTLE);
  await guest.dispose();
  const admin = await playwright.request.newContext({ baseURL });
  expect((await admin.post("/api/v1/login", { data: DEMO_ADMIN })).status()).toBe(200);
  const refunded = await admin.post(`/api/v1/admin/order/${mine._id}/refund`, {
    data: { amount: 5, reason: "A scratch" },
  });
  expect(refunded.status()).toBe(201);
  await admin.dispose();

  await signInAs(page, DEMO_ADMIN.email);
  let row = await rowOf(page, mine);
  await expect(row.getByTestId("order-customer")).toContainText("Liam List");
  await expect(row.getByTestId("order-customer")).toContainText(account.email);
  await expect(row.getByTestId("order-payment")).toHaveText("Partially refunded");
  await expect(row.getByTestId("order-refunded")).toHaveText("$5.00");
  await expect(row.getByRole("cell", { name: money(mine.totalPrice), exact: true })).toBeVisible();
  // Deleting is on the order's own page, not in the list.
  await expect(row.getByRole("link", { name: /Delete/ })).toHaveCount(0);
  await expect(row.getByRole("button", { name: /Delete/ })).toHaveCount(0);

  row = await rowOf(page, { _id: theirs._id, orderNumber: theirs.orderNumber });
  await expect(row.getByTestId("order-customer")).toContainText(guestEmail);
  await expect(row.getByTestId("order-payment")).toHaveText("Paid");
  await expect(row.getByTestId("order-refunded")).toHaveText("—");

  // On a phone: the order, its date, its amount and the View button on screen; customer and payment fold away.
  await page.setViewportSize({ width: 390, height: 844 });
  row = await rowOf(page, mine);
  await expect(row.locator("time")).toBeInViewport();
  await expect(row.getByRole("cell", { name: money(mine.totalPrice), exact: true })).toBeInViewport();
  await expect(row.getByRole("link", { name: `View order ${mine._id}` })).toBeInViewport();
  await expect(row.getByTestId("order-customer")).toBeHidden();
  await expect(row.getByTestId("order-payment")).toBeHidden();
});

test("an unpaid order is deleted from its page through the confirmation", async ({ page, browser }) => {
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  const account = await registerViaApi(buyer, "Una Unpaid");
  // Checkout started, never paid: the order exists, its stock reserved.
  await paymentForCart(buyer.request, BOTTLE);
  await buyerContext.close();
  const shop = openShopDatabase(e2eEnv().database, { readOnly: true });
  const [unpaid] = await rowsOf<{ id: string; order_number: number }>(
    shop.q,
    sql`SELECT id, order_number FROM orders WHERE payment_status = 'requires_payment' AND user_id = (SELECT id FROM users WHERE email = ${account.email})`,
  );
  await shop.close();
  expect(unpaid).toBeDefined();

  await signInAs(page, DEMO_ADMIN.email);
  await page.goto(`/admin/order/${unpaid.id}`);
  await expect(page.getByTestId("payment-status")).toHaveText("NOT PAID");
  await page.getByRole("link", { name: "Delete order…" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/order/${unpaid.id}/delete$`));
  await expect(page.getByText(`Delete order #${unpaid.order_number}? This cannot be undone.`)).toBeVisible();
  // Cancel leads back to the order.
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/order/${unpaid.id}$`));
  await page.getByRole("link", { name: "Delete order…" }).click();
  await page.getByRole("button", { name: "Yes, delete" }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(page.getByTestId("toast")).toHaveText("Order deleted successfully");
  expect((await page.goto(`/admin/order/${unpaid.id}`))?.status()).toBe(404);
});

test("a paid order cannot be deleted: the confirmation says why, and a posted deletion is refused", async ({
  page,
  browser,
}) => {
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await registerViaApi(buyer, "Paul Paid");
  const order = await placeOrder(buyer.request, BOTTLE);
  await buyerContext.close();
  const refusal = "This order is paid: cancel it or refund it in full before deleting it.";

  await signInAs(page, DEMO_ADMIN.email);
  await page.goto(`/admin/order/${order._id}`);
  await page.getByRole("link", { name: "Delete order…" }).click();
  await expect(page.getByTestId("delete-refused")).toHaveText(refusal);
  await expect(page.getByRole("button", { name: "Yes, delete" })).toHaveCount(0);
  await page.getByRole("link", { name: "Back" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/order/${order._id}$`));

  // The form's POST, sent anyway: refused, back on the order's page with the reason.
  const posted = await page.request.post(`/admin/order/${order._id}/delete`, {
    headers: { Origin: new URL(page.url()).origin },
    form: { confirm: "yes" },
    maxRedirects: 0,
  });
  expect(posted.status()).toBe(302);
  expect(posted.headers().location).toBe(`/admin/order/${order._id}`);
  await page.goto(posted.headers().location);
  await expect(page.getByTestId("toast")).toHaveText(refusal);
  await expect(page.getByTestId("payment-status")).toHaveText("PAID");
});
