import { expect, test } from "@playwright/test";
import { DEMO_ADMIN, registerViaApi, waitForMails } from "./support/accounts";
import { placeOrder } from "./support/orders";
import { overflowsViewport, wcagViolations } from "./support/axe";
import { signInAs } from "./support/sign-in";

// The demo shop takes returns for 30 days after delivery (app/seed/seed.server.ts).

test("a shopper asks to return an item of a delivered order; the admin approves, receives and refunds it, each step mailed", async ({
  page,
  playwright,
  baseURL,
  javaScriptEnabled,
}) => {
  test.setTimeout(120_000);
  const account = await registerViaApi(page, "Rory Returner");
  // Two bottles at $44.95: $89.90, $25 shipping, $4.50 tax: $119.40.
  const order = await placeOrder(page.request, "Hydro Flask 32 oz Wide Mouth Bottle", 2);
  const number = `#${order.orderNumber}`;

  // Not delivered yet: no return link, and the page says why.
  await page.goto(`/order/${order._id}`);
  await expect(page.getByRole("link", { name: "Return items" })).toHaveCount(0);
  await page.goto(`/order/${order._id}/return`);
  await expect(page.getByTestId("return-refused")).toHaveText("Items can be returned once the order is delivered.");

  const admin = await playwright.request.newContext({ baseURL });
  await admin.post("/api/v1/login", { data: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password } });
  expect((await admin.put(`/api/v1/admin/update/order/${order._id}`, { data: { status: "Delivered" } })).status()).toBe(
    200,
  );
  await admin.dispose();

  await page.goto(`/order/${order._id}`);
  await page.getByRole("link", { name: "Return items" }).click();
  await expect(page.getByRole("heading", { name: `Return items of order ${number}` })).toBeVisible();
  // Nothing chosen: said, and the reason typed kept.
  await page.getByLabel("Why are you returning them?").fill("It leaks at the lid");
  await page.getByRole("button", { name: "Ask to return" }).click();
  await expect(page.getByRole("alert")).toHaveText("Choose the items to return.");
  await expect(page.getByLabel("Why are you returning them?")).toHaveValue("It leaks at the lid");
  // More than bought: said beside the item.
  const quantity = page.getByLabel(/How many of Hydro Flask .* to return \(up to 2\)/);
  await quantity.fill("3");
  await page.getByRole("button", { name: "Ask to return" }).click();
  await expect(page.getByRole("alert")).toHaveText(/Only 2 of Hydro Flask 32 oz Wide Mouth Bottle can be returned\./);
  if (javaScriptEnabled) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 800 });
      expect.soft(await wcagViolations(page), `the return page at ${width} px`).toEqual([]);
      if (width === 390) expect.soft(await overflowsViewport(page)).toBe(false);
    }
  }
  await page.getByLabel(/How many of Hydro Flask/).fill("1");
  await page.getByRole("button", { name: "Ask to return" }).click();
  await expect(page.getByTestId("toast")).toHaveText("Return requested: we will write to you");
  await expect(page.getByTestId("return-status")).toHaveText("Requested");
  const [asked] = await waitForMails(account.email, `order ${number}, we received your return request`, 1);
  expect(asked.text).toContain("Items: 1 × Hydro Flask 32 oz Wide Mouth Bottle. Your reason: It leaks at the lid");

  // The admin's steps, on the order's page.
  await page.context().clearCookies();
  await signInAs(page, DEMO_ADMIN.email);
  await page.goto(`/admin/order/${order._id}`);
  const ret = page.getByTestId("order-return");
  await expect(ret).toContainText("1 × Hydro Flask 32 oz Wide Mouth Bottle");
  await expect(ret).toContainText("It leaks at the lid");
  await expect(ret.getByRole("button", { name: "Refund the items" })).toHaveCount(0);
  await ret.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByTestId("toast")).toHaveText("Return approved; the buyer was mailed");
  await expect(page.getByTestId("return-status")).toHaveText("Approved: send the items back");
  await page.getByTestId("order-return").getByRole("button", { name: "Mark received" }).click();
  await expect(page.getByTestId("toast")).toHaveText("Return marked received; the buyer was mailed");
  if (javaScriptEnabled) expect.soft(await wcagViolations(page), "the admin's order page with a return").toEqual([]);
  await page.getByTestId("order-return").getByRole("button", { name: "Refund the items" }).click();
  await expect(page.getByTestId("toast")).toHaveText("Returned items refunded and back in stock");
  await expect(page.getByTestId("return-status")).toHaveText("Refunded");
  await expect(page.getByTestId("order-return").getByRole("button")).toHaveCount(0);
  // One bottle's share: $44.95 × 94.40 / 89.90 = $47.20.
  await expect(page.getByTestId("refund-status")).toHaveText("Partially refunded: $47.20 of $119.40");
  await expect(page.getByTestId("order-refund")).toContainText("Returned: It leaks at the lid");

  const mails = await waitForMails(account.email, `order ${number}`, 6);
  expect(mails.map((mail) => mail.subject)).toEqual([
    `ShopIT: your order ${number}`,
    `ShopIT: your order ${number} has been delivered`,
    `ShopIT: order ${number}, we received your return request`,
    `ShopIT: order ${number}, your return is approved`,
    `ShopIT: order ${number}, we received your returned items`,
    `ShopIT: a refund on your order ${number}`,
  ]);
});
