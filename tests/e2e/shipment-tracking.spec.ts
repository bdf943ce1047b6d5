import { expect, test } from "@playwright/test";
import { DEMO_ADMIN, registerViaApi, waitForMails } from "./support/accounts";
import { placeOrder } from "./support/orders";
import { overflowsViewport, wcagViolations } from "./support/axe";
import { signInAs } from "./support/sign-in";

test("the admin ships an order with its carrier and tracking number; the buyer sees them and a link in the mail", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  test.setTimeout(120_000);
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  const account = await registerViaApi(buyer, "Parcel Watcher");
  const order = await placeOrder(buyer.request, "Hydro Flask 32 oz Wide Mouth Bottle");

  await signInAs(page, DEMO_ADMIN.email);
  await page.goto(`/admin/order/${order._id}`);

  // A number without a carrier, then a number on an order still Processing: each said beside its
  // field, what was typed kept, nothing changed.
  await page.getByLabel("Tracking number").fill("1z999aa10123456784");
  await page.getByRole("button", { name: "Update status", exact: true }).click();
  await expect(page.getByLabel("Carrier")).toHaveAccessibleDescription("Please choose the carrier");
  await expect(page.getByLabel("Tracking number")).toHaveValue("1z999aa10123456784");
  await page.getByLabel("Carrier").selectOption("UPS");
  await page.getByRole("button", { name: "Update status", exact: true }).click();
  await expect(page.getByLabel("Tracking number")).toHaveAccessibleDescription(
    /A tracking number goes with a shipped order: set the status to Shipped/,
  );
  await expect(page.getByLabel("Carrier")).toHaveValue("ups");
  await expect(page.getByTestId("order-status")).toHaveText("Processing");

  await page.getByLabel("Status").selectOption("Shipped");
  await page.getByRole("button", { name: "Update status", exact: true }).click();
  await expect(page.getByTestId("toast")).toHaveText("Order updated successfully");
  await expect(page.getByTestId("order-tracking")).toContainText("UPS · Tracking number: 1Z999AA10123456784");
  await expect(page.getByLabel("Tracking number")).toHaveValue("1Z999AA10123456784");

  const [shipped] = await waitForMails(account.email, `your order #${order.orderNumber} has shipped`, 1);
  expect(shipped.text).toContain("Carrier: UPS. Tracking number: 1Z999AA10123456784.");
  expect(shipped.html).toContain('href="https://www.ups.com/track?tracknum=1Z999AA10123456784"');

  await buyer.goto(`/order/${order._id}`);
  await expect(buyer.getByTestId("order-tracking")).toContainText("Carrier: UPS · Tracking number: 1Z999AA10123456784");
  await expect(buyer.getByRole("link", { name: "Track your parcel with UPS" })).toHaveAttribute(
    "href",
    "https://www.ups.com/track?tracknum=1Z999AA10123456784",
  );

  // axe runs in the page, so with JavaScript on only: the shopper's and the admin's order pages
  // with the shipment, at a phone's width too.
  if (javaScriptEnabled) {
    for (const width of [1280, 390]) {
      for (const shown of [buyer, page]) {
        await shown.setViewportSize({ width, height: 800 });
        expect.soft(await wcagViolations(shown), `${shown.url()} at ${width} px`).toEqual([]);
        if (width === 390) expect.soft(await overflowsViewport(shown), shown.url()).toBe(false);
      }
    }
  }

  // A corrected number later: saved without a new mail.
  await page.getByLabel("Carrier").selectOption("Another carrier");
  await page.getByLabel("Tracking number").fill("PK-4471");
  await page.getByRole("button", { name: "Update status", exact: true }).click();
  await expect(page.getByTestId("toast")).toHaveText("Shipping details saved");
  await buyer.reload();
  await expect(buyer.getByTestId("order-tracking")).toHaveText("Carrier: Another carrier · Tracking number: PK-4471");
  await expect(buyer.getByRole("link", { name: /Track your parcel/ })).toHaveCount(0);
  await buyerContext.close();
  // An order's mails go out in the order queued: once Delivered's has come, any mail of the
  // correction would have too. There was none.
  await page.getByLabel("Status").selectOption("Delivered");
  await page.getByRole("button", { name: "Update status", exact: true }).click();
  await expect(page.getByTestId("toast")).toHaveText("Order updated successfully");
  const mails = await waitForMails(account.email, `your order #${order.orderNumber} has`, 2);
  expect(mails.map((mail) => mail.subject)).toEqual([
    `ShopIT: your order #${order.orderNumber} has shipped`,
    `ShopIT: your order #${order.orderNumber} has been delivered`,
  ]);
  expect(mails[1].text).not.toContain("Tracking number");
});
