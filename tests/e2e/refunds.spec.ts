import { expect, test } from "@playwright/test";
import { DEMO_ADMIN, registerViaApi, waitForMails } from "./support/accounts";
import { placeOrder } from "./support/orders";
import { overflowsViewport, wcagViolations } from "./support/axe";
import { signInAs } from "./support/sign-in";

test("the admin refunds one item of an order, then cancels it: the rest is refunded, the buyer is mailed each time", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  test.setTimeout(120_000);
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  const account = await registerViaApi(buyer, "Refund Seeker");
  // Two bottles at $44.95: $89.90, $25 shipping, $4.50 tax: $119.40.
  const order = await placeOrder(buyer.request, "Hydro Flask 32 oz Wide Mouth Bottle", 2);
  const number = `#${order.orderNumber}`;

  await signInAs(page, DEMO_ADMIN.email);
  await page.goto(`/admin/order/${order._id}`);
  await page.getByRole("link", { name: "Refund…" }).click();
  await expect(page.getByRole("heading", { name: `Refund order ${number}` })).toBeVisible();
  await expect(page.getByTestId("refundable")).toHaveText("$119.40");

  // Nothing chosen: said beside the amount, the reason typed kept.
  await page.getByLabel("Reason (the buyer reads it)").fill("One bottle arrived dented");
  await page.getByRole("button", { name: "Refund", exact: true }).click();
  await expect(page.getByLabel("Amount (optional)")).toHaveAccessibleDescription(
    /Choose the items to refund or enter an amount\./,
  );
  await expect(page.getByLabel("Reason (the buyer reads it)")).toHaveValue("One bottle arrived dented");
  // More than was paid: refused by the model, beside the amount.
  await page.getByLabel("Amount (optional)").fill("500");
  await page.getByRole("button", { name: "Refund", exact: true }).click();
  await expect(page.getByLabel("Amount (optional)")).toHaveAccessibleDescription(
    /You can refund at most \$119\.40 of this order\./,
  );

  // One of the two bottles: its share of the items' price, tax included ($44.95 × 94.40 / 89.90).
  await page.getByLabel("Amount (optional)").fill("");
  await page.getByLabel(/Refund how many of Hydro Flask/).fill("1");
  await page.getByRole("button", { name: "Refund", exact: true }).click();
  await expect(page.getByTestId("toast")).toHaveText("Refund made");
  await expect(page).toHaveURL(new RegExp(`/admin/order/${order._id}$`));
  await expect(page.getByTestId("refund-status")).toHaveText("Partially refunded: $47.20 of $119.40");
  const row = page.getByTestId("order-refund");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("$47.20");
  await expect(row).toContainText("One bottle arrived dented");
  await expect(row).toContainText("1 × Hydro Flask 32 oz Wide Mouth Bottle (back in stock)");
  const [refunded] = await waitForMails(account.email, `a refund on your order ${number}`, 1);
  expect(refunded.text).toContain("We refunded $47.20 to the card you paid with.");
  expect(refunded.text).toContain("Reason: One bottle arrived dented");
  expect(refunded.text).toContain("Refunded on this order so far: $47.20 of $119.40.");

  // The buyer sees it on the order page and the receipt.
  await buyer.goto(`/order/${order._id}`);
  await expect(buyer.getByTestId("payment-status")).toHaveText("PAID");
  await expect(buyer.getByTestId("refund-status")).toHaveText("Partially refunded: $47.20 of $119.40");
  await buyer.goto(`/order/${order._id}/receipt`);
  await expect(buyer.getByTestId("receipt-payment")).toContainText("Partially refunded");
  await expect(buyer.getByTestId("receipt-refunded")).toHaveText("Refunded: $47.20");

  // Cancelled: the rest goes back, every item still bought back in stock, the status frozen.
  await page.getByRole("link", { name: "Cancel order…" }).click();
  await expect(page.getByTestId("cancel-effect")).toContainText("The buyer is refunded $72.20");
  if (javaScriptEnabled) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 800 });
      expect.soft(await wcagViolations(page), `cancel page at ${width} px`).toEqual([]);
      if (width === 390) expect.soft(await overflowsViewport(page)).toBe(false);
    }
  }
  await page.getByRole("button", { name: "Cancel order", exact: true }).click();
  await expect(page.getByLabel("Reason (the buyer reads it)")).toHaveAccessibleDescription(
    /Say why you cancel the order/,
  );
  await page.getByLabel("Reason (the buyer reads it)").fill("The buyer changed their mind");
  await page.getByRole("button", { name: "Cancel order", exact: true }).click();
  await expect(page.getByTestId("toast")).toHaveText("Order cancelled");
  await expect(page.getByTestId("order-status")).toHaveText("Cancelled");
  await expect(page.getByTestId("payment-status")).toHaveText("REFUNDED");
  await expect(page.getByTestId("order-refund")).toHaveCount(2);
  await expect(page.getByTestId("order-refund").nth(1)).toContainText("$72.20");
  await expect(page.getByRole("button", { name: "Update status" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Refund…" })).toHaveCount(0);
  const [cancelled] = await waitForMails(account.email, `your order ${number} was cancelled`, 1);
  expect(cancelled.text).toContain("We refunded $72.20 to the card you paid with.");
  expect(cancelled.text).toContain("Reason: The buyer changed their mind");

  await buyer.goto(`/order/${order._id}`);
  await expect(buyer.getByTestId("order-status")).toHaveText("Cancelled");
  await expect(buyer.getByTestId("payment-status")).toHaveText("REFUNDED");

  // The refund page has nothing left to offer; a page at a phone's width passes axe too.
  await page.goto(`/admin/order/${order._id}/refund`);
  await expect(page.getByText("Nothing is left to refund on this order")).toBeVisible();
  if (javaScriptEnabled) {
    for (const width of [1280, 390]) {
      for (const shown of [page, buyer]) {
        await shown.setViewportSize({ width, height: 800 });
        expect.soft(await wcagViolations(shown), `${shown.url()} at ${width} px`).toEqual([]);
      }
    }
    await page.goto(`/admin/order/${order._id}`);
    expect.soft(await wcagViolations(page), "the admin's order page with its refunds").toEqual([]);
  }
  await buyerContext.close();
});

test("a refund form sent twice makes one refund", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await registerViaApi(buyer, "Double Clicker");
  const order = await placeOrder(buyer.request, "Hydro Flask 32 oz Wide Mouth Bottle");
  await buyerContext.close();

  await signInAs(page, DEMO_ADMIN.email);
  await page.goto(`/admin/order/${order._id}/refund`);
  const key = await page.locator('input[name="key"]').inputValue();
  const form = { key, amount: "5", reason: "Late delivery" };
  // The same form posted twice, as a double click without JavaScript does.
  for (const expected of ["Refund made", "This refund was made already"]) {
    const sent = await page.request.post(`/admin/order/${order._id}/refund`, { form, maxRedirects: 0 });
    expect(sent.status()).toBe(302);
    await page.goto(sent.headers().location);
    await expect(page.getByTestId("toast")).toHaveText(expected);
  }
  // Sent again after a change (Back, another amount): refused on the form, nothing more refunded.
  const changed = await page.request.post(`/admin/order/${order._id}/refund`, {
    form: { ...form, amount: "6" },
    maxRedirects: 0,
  });
  expect(changed.status()).toBe(409);
  expect(await changed.text()).toContain(
    '<div class="alert alert-danger" role="alert">This request key was used for another refund request, with other items, amount or restocking: nothing more was refunded.</div>',
  );
  await page.goto(`/admin/order/${order._id}`);
  await expect(page.getByTestId("order-refund")).toHaveCount(1);
  await expect(page.getByTestId("refund-status")).toContainText("Partially refunded: $5.00 of");
});
