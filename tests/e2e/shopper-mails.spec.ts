import fs from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { DEMO_ADMIN, uniqueEmail, waitForMail, waitForMails } from "./support/accounts";
import { overflowsViewport, wcagViolations } from "./support/axe";
import { e2eEnv } from "./support/env";
import { startOwnShop, type OwnShop } from "./support/own-shop";
import { addToCart } from "./support/shopping";

// Mails that bring shoppers back: a shop of the test's own (the setting changes every product
// page), its mails read back from the test SMTP server. The back-in-stock sweep runs once a minute.

const jpeg = fs.readFileSync(path.resolve("public/images/default_avatar.jpg"));

const TO_CONFIRM =
  "Please confirm with the link we e-mail to this address: then we will tell it when it is back in stock.";

let shop: OwnShop;
let admin: APIRequestContext;

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  shop = await startOwnShop({ SEED: "demo", SMTP_URL: `smtp://127.0.0.1:${e2eEnv().smtpPort}` });
  admin = await playwright.request.newContext({ baseURL: shop.base });
  await admin.post("/api/v1/login", { data: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password } });
  expect((await admin.put("/api/v1/admin/settings", { data: { backInStockMails: true } })).status()).toBe(200);
});
test.afterAll(async () => {
  await admin?.dispose();
  await shop?.stop();
});

/** A sold-out product of the test's own, named for the project so that js and no-js do not meet. */
async function soldOutProduct(name: string) {
  const created = await admin.post("/api/v1/admin/product/new", {
    data: {
      name,
      description: "Sold out until the admin restocks it.",
      category: "Home",
      seller: "Probe Seller",
      price: "19.00",
      stock: "0",
      images: [`data:image/jpeg;base64,${jpeg.toString("base64")}`],
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { product: { _id: string } }).product._id;
}

async function restockAsAdmin(page: Page, productId: string, stock: string) {
  await page.goto(`${shop.base}/lgn`);
  await page.getByLabel("Email").fill(DEMO_ADMIN.email);
  await page.getByLabel("Password").fill(DEMO_ADMIN.password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(page.getByText(DEMO_ADMIN.name)).toBeVisible();
  await page.goto(`${shop.base}/admin/product/${productId}`);
  await page.getByLabel("Stock").fill(stock);
  await page.getByRole("button", { name: "Update", exact: true }).click();
  await expect(page.getByTestId("toast")).toHaveText("Product updated successfully");
}

test("a guest asks to be told when a sold-out product is back, confirms by the mailed link; restocked, one mail comes, and its link unsubscribes without signing in", async ({
  page,
  browser,
  javaScriptEnabled,
}, testInfo) => {
  test.setTimeout(180_000);
  const name = `Alert Lamp ${testInfo.project.name} ${Date.now()}`;
  const productId = await soldOutProduct(name);
  const email = uniqueEmail("alert");

  await page.goto(`${shop.base}/product/${productId}`);
  await expect(page.getByTestId("stock-status")).toHaveText("Out of Stock");
  const form = page.getByTestId("stock-alert");
  await expect(form).toBeVisible();
  await expect(form.getByLabel("Your e-mail")).toHaveValue("");

  // A bad address: said beside the field, what was typed kept.
  await form.getByLabel("Your e-mail").fill("not-an-address");
  await form.getByRole("button", { name: "Notify me" }).click();
  await expect(page.getByText("Please enter valid email address")).toBeVisible();
  await expect(page.getByTestId("stock-alert").getByLabel("Your e-mail")).toHaveValue("not-an-address");
  await expect(page.getByTestId("stock-alert").getByLabel("Your e-mail")).toHaveAttribute("aria-invalid", "true");

  await page.getByTestId("stock-alert").getByLabel("Your e-mail").fill(email.toUpperCase());
  await page.getByTestId("stock-alert").getByRole("button", { name: "Notify me" }).click();
  await expect(page.getByTestId("toast")).toHaveText(TO_CONFIRM);

  // One confirmation mail; asking again for the same mailbox (another +tag) while it is pending
  // gets the same answer and sends none.
  const confirmation = await waitForMail(email, `confirm a mail when ${name} is back`);
  const [local, domain] = email.split("@");
  await page.getByTestId("stock-alert").getByLabel("Your e-mail").fill(`${local}+again@${domain}`);
  await page.getByTestId("stock-alert").getByRole("button", { name: "Notify me" }).click();
  await expect(page.getByTestId("toast")).toHaveText(TO_CONFIRM);
  const confirmLink = confirmation.text.match(/https?:\/\/\S+\/back-in-stock\/confirm\/[\w.-]+/)?.[0];
  expect(confirmLink, confirmation.text).toBeTruthy();

  // The link, in a browser that never signed in: a GET shows a button, the button confirms.
  const owner = await browser.newContext({ javaScriptEnabled });
  try {
    const visit = await owner.newPage();
    await visit.goto(`${shop.base}${new URL(confirmLink!).pathname}`);
    await expect(visit.getByText(`E-mail ${email} once, when ${name} is back in stock?`)).toBeVisible();
    // axe runs in the page: with JavaScript on only.
    if (javaScriptEnabled)
      for (const width of [1280, 390]) {
        await visit.setViewportSize({ width, height: 900 });
        expect.soft(await wcagViolations(visit), `the confirmation page at ${width} px`).toEqual([]);
        expect.soft(await overflowsViewport(visit), `the confirmation page overflows at ${width} px`).toBe(false);
      }
    await visit.getByRole("button", { name: "Yes, tell me" }).click();
    await expect(visit.getByTestId("stock-alert-confirmed")).toHaveText(
      `Confirmed: we will e-mail ${email} once, when ${name} is back in stock.`,
    );
  } finally {
    await owner.close();
  }

  // The admin restocks it on the product's page (another browser, signed in).
  const adminContext = await browser.newContext();
  try {
    await restockAsAdmin(await adminContext.newPage(), productId, "3");
  } finally {
    await adminContext.close();
  }
  // In stock: no form any more.
  await page.goto(`${shop.base}/product/${productId}`);
  await expect(page.getByTestId("stock-status")).toHaveText("In Stock");
  await expect(page.getByTestId("stock-alert")).toHaveCount(0);

  const mail = await waitForMail(email, `${name} is back in stock`, 90_000);
  expect(mail.text).toContain(`/product/${productId}`);
  // By then every earlier mail went out: one confirmation, and none to the +tag asked while pending.
  expect(await waitForMails(email, "confirm a mail", 0)).toHaveLength(1);
  expect(await waitForMails(`${local}+again@${domain}`, /./, 0)).toHaveLength(0);
  const link = mail.text.match(/https?:\/\/\S+\/unsubscribe\/[\w.-]+/)?.[0];
  expect(link, mail.text).toBeTruthy();

  // The link, in a browser that never signed in: a GET changes nothing, the button does.
  const stranger = await browser.newContext();
  try {
    const visit = await stranger.newPage();
    await visit.goto(`${shop.base}${new URL(link!).pathname}`);
    await expect(visit.getByRole("heading", { name: "Unsubscribe" })).toBeVisible();
    await expect(visit.getByText(`Stop back-in-stock mails to ${email}?`)).toBeVisible();
    await visit.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(visit.getByTestId("unsubscribed")).toHaveText(`Done: ${email} gets no more back-in-stock mails.`);
    // A link changed by hand is refused.
    const forged = await visit.goto(`${shop.base}${new URL(link!).pathname.slice(0, -2)}xx`);
    expect(forged?.status()).toBe(404);
  } finally {
    await stranger.close();
  }
});

test("a signed-in shopper finds their address filled in; the form is shown only for a sold-out item", async ({
  page,
}, testInfo) => {
  const productId = await soldOutProduct(`Alert Vase ${testInfo.project.name} ${Date.now()}`);
  const account = { name: "Alert Shopper", email: uniqueEmail("signed"), password: "correct-horse-1" };
  expect((await page.request.post(`${shop.base}/api/v1/register`, { data: account })).status()).toBe(201);
  await page.goto(`${shop.base}/product/${productId}`);
  await expect(page.getByTestId("stock-alert").getByLabel("Your e-mail")).toHaveValue(account.email);
  await page.getByTestId("stock-alert").getByRole("button", { name: "Notify me" }).click();
  // An address registered through the API is not proven: it confirms by link as a guest's does.
  await expect(page.getByTestId("toast")).toHaveText(TO_CONFIRM);
  await waitForMail(account.email, "confirm a mail when");

  // A product in stock has none.
  const products = (await (await page.request.get(`${shop.base}/api/v1/products`)).json()) as {
    products: { _id: string; stock: number }[];
  };
  const inStock = products.products.find((p) => p.stock > 0)!;
  await page.goto(`${shop.base}/product/${inStock._id}`);
  await expect(page.getByTestId("stock-status")).toHaveText("In Stock");
  await expect(page.getByTestId("stock-alert")).toHaveCount(0);

  // The profile's box for cart reminders: shown only while the shop sends them.
  const box = page.getByLabel("E-mail me a reminder of a cart I leave");
  const wantsReminders = async () =>
    ((await (await page.request.get(`${shop.base}/api/v1/me`)).json()) as { user: { cartReminders: boolean } }).user
      .cartReminders;
  await page.goto(`${shop.base}/me/update`);
  await expect(page.getByLabel("Name")).toBeVisible();
  await expect(box).toHaveCount(0);
  expect((await admin.put("/api/v1/admin/settings", { data: { cartReminderHours: 4 } })).status()).toBe(200);
  try {
    await page.goto(`${shop.base}/me/update`);
    await expect(box).not.toBeChecked();
    await box.check();
    await page.getByRole("button", { name: "Update", exact: true }).click();
    await expect(page.getByTestId("toast")).toHaveText("User updated successfully");
    await page.goto(`${shop.base}/me/update`);
    await expect(box).toBeChecked();
    expect(await wantsReminders()).toBe(true);
  } finally {
    expect((await admin.put("/api/v1/admin/settings", { data: { cartReminderHours: 0 } })).status()).toBe(200);
  }
  // Saved while the shop sends none (no box), the profile keeps the choice made before.
  await page.goto(`${shop.base}/me/update`);
  await page.getByRole("button", { name: "Update", exact: true }).click();
  await expect(page.getByTestId("toast")).toHaveText("User updated successfully");
  expect(await wantsReminders()).toBe(true);
});

test("the owner switches the mails on and sets the thresholds in Settings", async ({ page }) => {
  await page.goto(`${shop.base}/lgn`);
  await page.getByLabel("Email").fill(DEMO_ADMIN.email);
  await page.getByLabel("Password").fill(DEMO_ADMIN.password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(page.getByText(DEMO_ADMIN.name)).toBeVisible();
  await page.goto(`${shop.base}/admin/settings`);
  const mails = page.getByRole("group", { name: "Mails that bring shoppers back" });
  await expect(mails.getByLabel(/sold-out product is back in stock/)).toBeChecked();
  await mails.getByLabel(/stock falls under/).fill("-3");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Enter a number of units from 0 (no mail) to 100000")).toBeVisible();
  await page.getByLabel(/stock falls under/).fill("2");
  await page.getByLabel(/Remind shoppers of a cart/).fill("0");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByTestId("toast")).toHaveText("Settings saved");
  await expect(page.getByLabel(/stock falls under/)).toHaveValue("2");
  // Back to what the other tests expect.
  expect((await admin.put("/api/v1/admin/settings", { data: { lowStockThreshold: 0 } })).status()).toBe(200);
});

test("a guest at checkout is offered a reminder of the cart only while the shop sends them", async ({ browser }) => {
  const guest = await browser.newPage({ baseURL: shop.base });
  const box = guest.getByLabel("E-mail me a reminder if I leave my cart");
  try {
    await addToCart(guest, "Hydro Flask 32 oz Wide Mouth Bottle");
    // Off (the delay is 0): not offered.
    await guest.goto("/shipping");
    await expect(guest.getByTestId("guest-checkout-note")).toBeVisible();
    await expect(box).toHaveCount(0);
    expect((await admin.put("/api/v1/admin/settings", { data: { cartReminderHours: 4 } })).status()).toBe(200);
    await guest.goto("/shipping");
    await expect(box).not.toBeChecked();
  } finally {
    expect((await admin.put("/api/v1/admin/settings", { data: { cartReminderHours: 0 } })).status()).toBe(200);
    await guest.close();
  }
});
