import { expect, test } from "@playwright/test";
import {
  FINISH_REGISTRATION_SUBJECT,
  registerViaForm,
  registrationLinkIn,
  uniqueEmail,
  waitForMail,
} from "./support/accounts";
import { overflowsViewport, wcagViolations } from "./support/axe";
import { addToCart, fillShipping, payWith, SHIPPING_FORM } from "./support/shopping";

const PRODUCT = "Hydro Flask 32 oz Wide Mouth Bottle";

/** The order page's link in a mail's text part, with its key. */
function orderLinkIn(text: string): string {
  const link = text.match(/https?:\/\/\S+\/order\/[\w-]+\?key=[\w-]+/)?.[0];
  if (!link) throw new Error(`No order link in mail:\n${text}`);
  const url = new URL(link);
  return url.pathname + url.search;
}

test("a visitor checks out as a guest, follows the order by the mail's link and the lookup, then registers and finds it in My Orders", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("guest");
  await addToCart(page, PRODUCT);
  await page.goto("/cart");
  await page.getByRole("button", { name: "Check out" }).click();
  await expect(page).toHaveURL(/\/shipping$/);
  await expect(page.getByTestId("guest-checkout-note")).toContainText("Checking out as a guest");
  await expect(page.getByRole("link", { name: "Log in to check out" })).toHaveAttribute(
    "href",
    "/lgn?redirectTo=%2Fshipping",
  );
  // axe runs in the page: with JavaScript on only.
  if (javaScriptEnabled) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      expect.soft(await wcagViolations(page), `/shipping at ${width} px`).toEqual([]);
      expect.soft(await overflowsViewport(page)).toBe(false);
    }
  }

  // A bad e-mail is said beside the field; what was typed stays.
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Recipient Name").fill(SHIPPING_FORM.recipientName);
  await page.getByLabel("Address").fill(SHIPPING_FORM.address);
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await expect(page.getByLabel("Email")).toHaveAccessibleDescription("Please enter valid email address");
  await expect(page.getByLabel("Address")).toHaveValue(SHIPPING_FORM.address);

  await page.getByLabel("Email").fill(email.toUpperCase());
  await fillShipping(page, SHIPPING_FORM);
  await expect(page.getByTestId("guest-email")).toContainText(email);
  await page.getByRole("link", { name: "Proceed to Payment" }).click();
  await payWith(page, "4242 4242 4242 4242");
  await expect(page.getByRole("heading", { name: "Your order has been placed." })).toBeVisible();
  await expect(page.getByTestId("receipt-mailed")).toContainText(email);
  await expect(page.getByTestId("guest-account-hint")).toBeVisible();
  const number = (await page.getByTestId("order-number").textContent())!.match(/#\d+/)![0];
  await expect(page.getByTestId("cart-count")).toHaveText("0");

  // The receipt mail links to the order with its key: it opens without an account.
  const mail = await waitForMail(email, `your order ${number}`);
  const link = orderLinkIn(mail.text);
  const stranger = await (await browser.newContext({ javaScriptEnabled })).newPage();
  await stranger.goto(link);
  await expect(stranger.getByRole("heading", { name: `Order ${number}` })).toBeVisible();
  if (javaScriptEnabled) expect.soft(await wcagViolations(stranger), "the guest's order page").toEqual([]);
  await stranger.getByRole("link", { name: "Receipt" }).click();
  await expect(stranger.getByRole("heading", { name: `Receipt for order ${number}` })).toBeVisible();
  // A wrong key is a missing order; no key asks to log in.
  const orderPath = link.split("?")[0];
  expect((await stranger.goto(`${orderPath}?key=wrong`))?.status()).toBe(404);
  await stranger.goto(orderPath);
  await expect(stranger).toHaveURL(/\/lgn/);

  // The lookup: one answer for a wrong e-mail, the order for the right one.
  await stranger.goto("/order/lookup");
  if (javaScriptEnabled) {
    for (const width of [1280, 390]) {
      await stranger.setViewportSize({ width, height: 900 });
      expect.soft(await wcagViolations(stranger), `/order/lookup at ${width} px`).toEqual([]);
      expect.soft(await overflowsViewport(stranger)).toBe(false);
    }
  }
  await stranger.getByLabel("Order number").fill(number);
  await stranger.getByLabel("Email").fill(uniqueEmail("someone-else"));
  await stranger.getByRole("button", { name: "Find my order" }).click();
  await expect(stranger.getByRole("alert")).toContainText("We found no order with that number and e-mail.");
  await expect(stranger.getByLabel("Order number")).toHaveValue(number);
  await stranger.getByLabel("Email").fill(email);
  await stranger.getByRole("button", { name: "Find my order" }).click();
  await expect(stranger.getByRole("heading", { name: `Order ${number}` })).toBeVisible();
  await stranger.context().close();

  // Registering with that e-mail: once the link proves it, the order is in My Orders.
  const account = await (await browser.newContext({ javaScriptEnabled })).newPage();
  await registerViaForm(account, { name: "Former Guest", email, password: "guest-password-1" });
  await account.goto(registrationLinkIn(await waitForMail(email, FINISH_REGISTRATION_SUBJECT)));
  await account.getByRole("button", { name: "Create my account" }).click();
  await expect(account.getByTestId("toast")).toHaveText("Registered successfully");
  await account.goto("/orders/me");
  await expect(account.getByRole("link", { name: `View order ${number}` })).toBeVisible();
  await account.context().close();
});
