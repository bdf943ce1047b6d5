import { expect, test } from "@playwright/test";
import { money } from "./helpers";
import { DEMO_ADMIN, registerViaApi } from "./support/accounts";
import { placeOrder } from "./support/orders";
import { SHIPPING_FORM, expectAddress } from "./support/shopping";
import { signInAs } from "./support/sign-in";

test("My Orders: 10 rows a page, page buttons, rows per page, sorting and search, all in the URL", async ({ page }) => {
  await registerViaApi(page, "Many Orders");
  const placed = [];
  for (let i = 0; i < 12; i++)
    placed.push(
      await placeOrder(
        page.request,
        i % 2 ? "Atomic Habits by James Clear" : "CeraVe Moisturising Cream 454 g",
        1 + (i % 3),
      ),
    );

  await page.goto("/orders/me");
  await expect(page).toHaveTitle("My Orders - ShopIT");
  // "Order ID" as the specification names it, with the order's number as its value.
  for (const header of ["Order ID", "Date", "Number of items", "Items", "Amount", "Status", "Actions"])
    await expect(page.getByRole("columnheader", { name: new RegExp(`^${header}\\s*[▲▼]?$`) })).toBeVisible();
  const rows = page.locator("tbody tr");
  await expect(rows).toHaveCount(10);
  await expect(page.getByLabel("Rows per page:")).toHaveValue("10");

  const pager = page.getByRole("navigation", { name: "Table pages" });
  await pager.getByRole("link", { name: "2", exact: true }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(rows).toHaveCount(2);

  await page.goto("/orders/me?size=20");
  await expect(rows).toHaveCount(12);
  await expect(pager).toHaveCount(0);

  await page.getByRole("link", { name: /Amount/ }).click();
  await expect(page).toHaveURL(/sort=totalPrice&dir=asc/);
  const amounts = (await rows.locator("td:nth-child(5)").allTextContents()).map((t) => Number(t.replace(/[$,]/g, "")));
  expect(amounts.every(Number.isFinite)).toBe(true);
  expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
  await expect(page.getByRole("columnheader", { name: /Amount/ })).toHaveAttribute("aria-sort", "ascending");

  await page.getByRole("main").getByRole("searchbox", { name: "Search" }).fill(`#${placed[5].orderNumber}`);
  await page.getByRole("main").getByRole("button", { name: "Search" }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByRole("cell").first()).toHaveText(`#${placed[5].orderNumber}`);
  await expect(rows.first()).not.toContainText(placed[5]._id);
  await page.getByRole("main").getByRole("searchbox", { name: "Search" }).fill("no-such-order");
  await page.getByRole("main").getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("No matching records found")).toBeVisible();
});

test("a visitor opening My Orders is sent to login", async ({ page }) => {
  await page.goto("/orders/me");
  await expect(page).toHaveURL(/\/lgn\?redirectTo=%2Forders%2Fme$/);
  await expect(page.getByTestId("toast")).toHaveText("Please log in to see this page.");
});

test("My Orders shows each order's number, date and item names", async ({ page }) => {
  await registerViaApi(page, "Dated Orders");
  const book = await placeOrder(page.request, "Atomic Habits by James Clear");
  const cream = await placeOrder(page.request, "CeraVe Moisturising Cream 454 g", 2);
  expect(cream.orderNumber).toBeGreaterThan(book.orderNumber);

  await page.goto("/orders/me");
  const rows = page.locator("tbody tr");
  await expect(rows).toHaveCount(2);
  // Newest first.
  await expect(rows.nth(0).getByRole("cell").first()).toHaveText(`#${cream.orderNumber}`);
  await expect(rows.nth(1).getByRole("cell").first()).toHaveText(`#${book.orderNumber}`);
  await expect(rows.nth(0).getByTestId("item-names")).toHaveText("CeraVe Moisturising Cream 454 g");
  await expect(rows.nth(1).getByTestId("item-names")).toHaveText("Atomic Habits by James Clear");
  const date = rows.nth(0).locator("time");
  const today = new Date();
  await expect(date).toHaveText(today.toLocaleDateString("en-US", { dateStyle: "medium", timeZone: "UTC" }));
  expect(Math.abs(Date.parse((await date.getAttribute("datetime"))!) - today.getTime())).toBeLessThan(10 * 60_000);
  await expect(rows.nth(0).getByTestId("order-status")).toHaveClass(/text-bg-secondary/);

  await page.getByRole("main").getByRole("searchbox", { name: "Search" }).fill(`#${book.orderNumber}`);
  await page.getByRole("main").getByRole("button", { name: "Search" }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByRole("cell").first()).toHaveText(`#${book.orderNumber}`);
});

test("My Orders shows a status an admin has just changed (its table's HTML is kept between visits)", async ({
  page,
  playwright,
  baseURL,
}) => {
  await registerViaApi(page, "Status Watcher");
  const order = await placeOrder(page.request, "Atomic Habits by James Clear");
  const status = page.locator("tbody tr").first().getByTestId("order-status");
  await page.goto("/orders/me");
  await expect(status).toHaveText("Processing");
  await page.goto("/orders/me");
  await expect(status).toHaveText("Processing");

  const admin = await playwright.request.newContext({ baseURL });
  expect((await admin.post("/api/v1/login", { data: DEMO_ADMIN })).status()).toBe(200);
  expect((await admin.put(`/api/v1/admin/order/${order._id}`, { data: { status: "Shipped" } })).status()).toBe(200);
  await admin.dispose();

  await page.goto("/orders/me");
  await expect(status).toHaveText("Shipped");
});

test("the order page and its receipt: the breakdown, for the owner and an admin; another shopper gets 404", async ({
  page,
  browser,
}) => {
  const buyer = await registerViaApi(page, "Receipt Owner");
  const order = await placeOrder(page.request, "Atomic Habits by James Clear", 2);
  const { order: stored } = await (await page.request.get(`/api/v1/order/${order._id}`)).json();

  await page.goto(`/order/${order._id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Order #${order.orderNumber}`);
  await expect(page.getByTestId("subtotal")).toHaveText(money(stored.itemsPrice));
  await expect(page.getByTestId("shipping")).toHaveText(money(stored.shippingPrice));
  await expect(page.getByTestId("tax")).toHaveText(money(stored.taxPrice));
  await expect(page.getByTestId("total")).toHaveText(money(stored.totalPrice));
  await page.getByRole("link", { name: "Receipt" }).click();

  const checkReceipt = async (viewer: typeof page) => {
    await expect(viewer).toHaveURL(new RegExp(`/order/${order._id}/receipt$`));
    await expect(viewer).toHaveTitle("Receipt - ShopIT");
    await expect(viewer.getByTestId("receipt-shop")).toHaveText("ShopIT");
    await expect(viewer.getByRole("heading", { level: 1 })).toHaveText(`Receipt for order #${order.orderNumber}`);
    await expect(viewer.getByTestId("receipt-facts").locator("time").first()).toHaveAttribute(
      "datetime",
      stored.createdAt,
    );
    await expect(viewer.getByTestId("receipt-buyer")).toHaveText(`Receipt Owner <${buyer.email}>`);
    await expectAddress(viewer.getByTestId("receipt-address").locator("address"), [
      SHIPPING_FORM.recipientName,
      "12 Rue de la Paix",
      "Paris 75002",
      "France",
    ]);
    await expect(viewer.getByTestId("receipt-payment")).toContainText("Paid on");
    const line = stored.orderItems[0];
    await expect(viewer.getByTestId("receipt-line")).toHaveText([
      `${line.name}2${money(line.price)}${money(line.price * 2)}`,
    ]);
    await expect(viewer.getByTestId("subtotal")).toHaveText(money(stored.itemsPrice));
    await expect(viewer.getByTestId("shipping")).toHaveText(money(stored.shippingPrice));
    await expect(viewer.getByTestId("tax")).toHaveText(money(stored.taxPrice));
    await expect(viewer.getByTestId("total")).toHaveText(money(stored.totalPrice));
  };
  await checkReceipt(page);

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAs(admin, DEMO_ADMIN.email);
  await admin.goto(`/order/${order._id}/receipt`);
  await checkReceipt(admin);
  await adminContext.close();

  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await registerViaApi(other, "Receipt Snoop");
  const response = await other.goto(`/order/${order._id}/receipt`);
  expect(response?.status()).toBe(404);
  await expect(other.getByTestId("error-page")).toContainText("Order not found");
  await otherContext.close();
});

test("a visitor opening a receipt is sent to login", async ({ page }) => {
  await page.goto("/order/x/receipt");
  await expect(page).toHaveURL(/\/lgn\?redirectTo=/);
});
