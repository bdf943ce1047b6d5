import { expect, test, type Locator, type Page } from "@playwright/test";
import { DEMO_ADMIN, registerViaApi, uniqueEmail, waitForMail } from "./support/accounts";
import { overflowsViewport, wcagViolations } from "./support/axe";
import { placeGuestOrder, placeOrder } from "./support/orders";
import { signInAs } from "./support/sign-in";

// Shoppers see the shop, not its database: no internal ids nor the payment provider's on their
// order page and receipt, quantities said as "Qty", and times in the shop's time zone with the
// zone named (the shared shop's, UTC: changing it would reach the specs running beside this one).

/** How the shop writes an instant on the shared shop: en-US, in UTC, the zone named. */
const inUtc = (iso: string) =>
  new Date(iso).toLocaleString("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: "UTC",
    timeZoneName: "short",
  });

/** The text a person reads in `main`, with Intl's narrow spaces made plain. */
const shownText = async (page: Page) => (await page.getByRole("main").innerText()).replace(/\s+/g, " ");

/** A <time> shows its instant as the shop writes it, with "UTC", and that instant is now (give or take). */
async function expectShopTime(time: Locator) {
  const iso = (await time.getAttribute("datetime"))!;
  expect(Math.abs(Date.parse(iso) - Date.now())).toBeLessThan(10 * 60_000);
  const text = (await time.innerText()).replace(/\s+/g, " ");
  expect(text).toBe(inUtc(iso).replace(/\s+/g, " "));
  expect(text).toMatch(/ UTC$/);
}

/** React's hydration mismatches (minified in the build: errors 418, 423, 425) reported by the page. */
function hydrationErrors(page: Page) {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /hydrat|#41[89]|#42[35]/i.test(message.text())) errors.push(message.text());
  });
  page.on("pageerror", (error) => {
    if (/hydrat|#41[89]|#42[35]/i.test(error.message)) errors.push(error.message);
  });
  return errors;
}

/** axe (it runs in the page: with JavaScript) at 1280 and 390 px, and nothing wider than a phone. */
async function checkPage(page: Page, javaScriptEnabled: boolean) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    if (javaScriptEnabled) expect.soft(await wcagViolations(page), `${page.url()} at ${width} px`).toEqual([]);
    expect(await overflowsViewport(page), `${page.url()} at ${width} px`).toBe(false);
  }
}

test("a shopper's order page and receipt show the order's number, Qty and the time with its zone, no ids", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  const errors = hydrationErrors(page);
  await registerViaApi(page, "Plain Shopper");
  const order = await placeOrder(page.request, "Atomic Habits by James Clear", 2);
  const { order: stored } = await (await page.request.get(`/api/v1/order/${order._id}`)).json();
  const intentId: string = stored.paymentInfo.id;
  expect(intentId).toMatch(/^pi_/);

  await page.goto(`/order/${order._id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Order #${order.orderNumber}`);
  await expect(page.getByTestId("order-line")).toContainText("Qty 2");
  await expectShopTime(page.getByRole("main").locator("p", { hasText: "Placed" }).locator("time"));
  await expectShopTime(page.getByTestId("status-history").locator("time").first());
  let text = await shownText(page);
  expect(text).not.toContain(order._id);
  expect(text).not.toMatch(/pi_|Piece|Payment id|Order ID/);
  await expect(page.getByTestId("payment-id")).toHaveCount(0);
  // Nor in the page's data for the browser.
  expect(await page.content()).not.toContain(intentId);
  await checkPage(page, javaScriptEnabled);

  await page.getByRole("link", { name: "Receipt" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Receipt for order #${order.orderNumber}`);
  await expect(page.getByRole("columnheader", { name: "Qty" })).toBeVisible();
  await expect(page.getByTestId("receipt-line").getByRole("cell").nth(1)).toHaveText("2");
  const facts = page.getByTestId("receipt-facts");
  await expectShopTime(facts.locator("dd").nth(1).locator("time"));
  await expectShopTime(page.getByTestId("receipt-payment").locator("time"));
  text = await shownText(page);
  expect(text).not.toContain(order._id);
  expect(text).not.toMatch(/pi_|Piece/);
  expect(await page.content()).not.toContain(intentId);
  await checkPage(page, javaScriptEnabled);

  // My Orders: "Order ID" is the number people say.
  await page.goto("/orders/me");
  const row = page
    .getByRole("row")
    .filter({ has: page.getByRole("link", { name: `View order #${order.orderNumber}` }) });
  await expect(row.getByRole("cell").first()).toHaveText(`#${order.orderNumber}`);
  await expect(row).not.toContainText(order._id);
  expect(errors).toEqual([]);

  // The owner keeps the provider's id, on the admin's order page.
  const admin = await browser.newPage();
  await signInAs(admin, DEMO_ADMIN.email);
  await admin.goto(`/admin/order/${order._id}`);
  await expect(admin.getByTestId("payment-id")).toHaveText(intentId);
  await expect(admin.getByTestId("order-line")).toContainText("Qty 2");
  await admin.close();
});

test("a guest's mail and order page, opened by its link, show no ids either", async ({ page }) => {
  const errors = hydrationErrors(page);
  const email = uniqueEmail("plain-guest");
  const order = await placeGuestOrder(page.request, email, "Atomic Habits by James Clear");
  const mail = await waitForMail(email, `your order #${order.orderNumber}`);
  // The mail names the order by its number; its id is only inside the link.
  const link = mail.text.match(/https?:\/\/\S+\/order\/[\w-]+\?key=[\w-]+/)?.[0];
  expect(link).toBeTruthy();
  expect(mail.text.replace(link!, "").replace(/\S+\/receipt\S*/g, "")).not.toContain(order._id);
  expect(mail.text).not.toMatch(/pi_|Piece/);

  const url = new URL(link!);
  await page.goto(url.pathname + url.search);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Order #${order.orderNumber}`);
  await expect(page.getByTestId("order-line")).toContainText("Qty 1");
  await expectShopTime(page.getByRole("main").locator("p", { hasText: "Placed" }).locator("time"));
  const text = await shownText(page);
  expect(text).not.toContain(order._id);
  expect(text).not.toMatch(/pi_|Piece|Payment id/);
  expect(await page.content()).not.toMatch(/\bpi_[A-Za-z0-9]+/);
  expect(errors).toEqual([]);
});
