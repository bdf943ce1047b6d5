import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { build } from "vite";
import { e2eEnv } from "../../support/env";

// The sandbox's Stripe.js stand-in driven by the real third-party library the original shop's
// client uses (@stripe/react-stripe-js 1.x with @stripe/stripe-js's loadStripe), on a page served
// by another origin than the sandbox: the standalone sandbox of the keys-* projects.

const sandboxUrl = `http://127.0.0.1:${e2eEnv().keysSandboxPort}`;
const secretKey = "sk_test_e2e_keys";
const publishableKey = "pk_test_e2e_keys";
let client: http.Server;
let clientUrl = "";
let bundleDir = "";

test.beforeAll(async () => {
  bundleDir = fs.mkdtempSync(path.join(os.tmpdir(), "react-stripe-js-"));
  await build({
    configFile: false,
    logLevel: "silent",
    publicDir: false,
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    build: {
      outDir: bundleDir,
      minify: false,
      rollupOptions: {
        input: path.resolve("tests/e2e/support/react-stripe-js-client.tsx"),
        output: { entryFileNames: "app.js", inlineDynamicImports: true },
      },
    },
  });
  const bundle = fs.readFileSync(path.join(bundleDir, "app.js"));
  // The stand-in comes first, with a script tag, so loadStripe finds window.Stripe and loads nothing.
  const html = `<!doctype html><title>Third-party client</title><script src="${sandboxUrl}/v3/"></script>
    <div id="root"></div><script type="module" src="/app.js"></script>`;
  client = http.createServer((req, res) => {
    if (req.url === "/app.js") return res.writeHead(200, { "Content-Type": "text/javascript" }).end(bundle);
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(html);
  });
  await new Promise<void>((resolve) => client.listen(0, "127.0.0.1", resolve));
  clientUrl = `http://127.0.0.1:${(client.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => client?.close(resolve));
  fs.rmSync(bundleDir, { recursive: true, force: true });
});

/** What the shop's server does: an intent made with the secret key. */
async function sandboxApi(method: "GET" | "POST", apiPath: string, params: Record<string, string> = {}) {
  const response = await fetch(`${sandboxUrl}${apiPath}`, {
    method,
    headers: { Authorization: `Bearer ${secretKey}` },
    body: method === "POST" ? new URLSearchParams(params) : undefined,
  });
  return { status: response.status, body: await response.json() };
}

async function openClient(page: Page, clientSecret = "") {
  await page.goto(`${clientUrl}/?pk=${publishableKey}&secret=${encodeURIComponent(clientSecret)}`);
  await expect(page.getByTestId("ready")).toHaveText("ready");
}

async function typeCard(page: Page, number: string) {
  await page.getByTestId("card-number").getByLabel("Card number").fill(number);
  await page.getByTestId("card-expiry").getByLabel("Expiration date").fill("12 / 34");
  await page.getByTestId("card-cvc").getByLabel("CVC").fill("123");
}

/** Clicks a button of the client and reads the Stripe.js answer it shows (it empties the output first). */
async function press(page: Page, button: string, output = "result") {
  await page.getByRole("button", { name: button, exact: true }).click();
  await expect(page.getByTestId(output)).not.toBeEmpty();
  return JSON.parse((await page.getByTestId(output).textContent())!);
}

test("confirmCardPayment with react-stripe-js's card elements pays the intent", async ({ page }) => {
  const intent = await sandboxApi("POST", "/v1/payment_intents", { amount: "1999", currency: "usd" });
  await openClient(page, intent.body.client_secret);
  await typeCard(page, "4242 4242 4242 4242");
  expect(JSON.parse((await page.getByTestId("change").textContent())!)).toEqual({
    elementType: "cardNumber",
    empty: false,
    complete: true,
    brand: "visa",
  });

  const paid = await press(page, "Pay");
  expect(paid.error).toBeUndefined();
  expect(paid.paymentIntent).toMatchObject({ id: intent.body.id, status: "succeeded", amount: 1999 });
  const after = await sandboxApi("GET", `/v1/payment_intents/${intent.body.id}`);
  expect(after.body).toMatchObject({
    status: "succeeded",
    amount_received: 1999,
    payment_method: expect.stringMatching(/^pm_/),
  });
  expect((await press(page, "Retrieve intent")).paymentIntent).toMatchObject({
    id: intent.body.id,
    status: "succeeded",
  });
});

test("createPaymentMethod and createToken answer Stripe's objects", async ({ page }) => {
  await openClient(page);
  await typeCard(page, "4242424242424242");

  const { paymentMethod } = await press(page, "Create payment method");
  expect(paymentMethod).toMatchObject({
    id: expect.stringMatching(/^pm_/),
    object: "payment_method",
    type: "card",
    card: { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2034 },
    billing_details: { name: "Jane Buyer", email: "jane@example.com" },
  });
  // The shop's server can then confirm an intent with that id.
  const intent = await sandboxApi("POST", "/v1/payment_intents", { amount: "500", currency: "usd" });
  const confirmed = await sandboxApi("POST", `/v1/payment_intents/${intent.body.id}/confirm`, {
    payment_method: paymentMethod.id,
  });
  expect(confirmed.body.status).toBe("succeeded");

  const { token } = await press(page, "Create token");
  expect(token).toMatchObject({
    id: expect.stringMatching(/^tok_/),
    object: "token",
    type: "card",
    used: false,
    card: { object: "card", brand: "Visa", last4: "4242", exp_month: 12, exp_year: 2034, name: "Jane Buyer" },
  });
  // A token becomes a payment method once, as with Stripe.
  const fromToken = await sandboxApi("POST", "/v1/payment_methods", { type: "card", "card[token]": token.id });
  expect(fromToken.body).toMatchObject({ object: "payment_method", card: { last4: "4242" } });
  expect((await sandboxApi("POST", "/v1/payment_methods", { type: "card", "card[token]": token.id })).status).toBe(400);

  // The all-in-one card element: three inputs in one element.
  const card = page.getByTestId("card");
  await card.getByLabel("Card number").fill("4242 4242 4242 4242");
  await card.getByLabel("Expiration date").fill("01/40");
  await card.getByLabel("CVC").fill("321");
  const fromCard = await press(page, "Token from card element", "card-result");
  expect(fromCard.token).toMatchObject({ object: "token", card: { last4: "4242", exp_month: 1, exp_year: 2040 } });
});

test("a declined card and mistyped cards answer Stripe.js's error shapes", async ({ page }) => {
  const intent = await sandboxApi("POST", "/v1/payment_intents", { amount: "2500", currency: "usd" });
  await openClient(page, intent.body.client_secret);

  // Nothing typed: Stripe.js refuses before any request.
  expect(await press(page, "Pay")).toEqual({
    error: { type: "validation_error", code: "incomplete_number", message: "Your card number is incomplete." },
  });
  // A number that fails the checksum is reported while typing.
  await page.getByTestId("card-number").getByLabel("Card number").fill("4242 4242 4242 4241");
  expect(JSON.parse((await page.getByTestId("change").textContent())!)).toMatchObject({
    complete: false,
    error: { type: "validation_error", code: "invalid_number", message: "Your card number is invalid." },
  });

  await typeCard(page, "4000 0000 0000 0002");
  const declined = await press(page, "Pay");
  expect(declined.paymentIntent).toBeUndefined();
  expect(declined.error).toMatchObject({
    type: "card_error",
    code: "card_declined",
    decline_code: "generic_decline",
    message: "Your card was declined.",
    payment_intent: { id: intent.body.id, status: "requires_payment_method" },
  });
  expect((await sandboxApi("GET", `/v1/payment_intents/${intent.body.id}`)).body.status).toBe(
    "requires_payment_method",
  );

  // The buyer tries another card on the same intent.
  await typeCard(page, "4242 4242 4242 4242");
  expect((await press(page, "Pay")).paymentIntent).toMatchObject({ id: intent.body.id, status: "succeeded" });
});

test("a card asking for 3D Secure: Stripe.js's dialog, or handleCardAction after confirming without actions", async ({
  page,
}) => {
  const first = await sandboxApi("POST", "/v1/payment_intents", { amount: "3000", currency: "usd" });
  await openClient(page, first.body.client_secret);
  await typeCard(page, "4000 0025 0000 3155");
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await page
    .getByRole("dialog", { name: "3D Secure authentication" })
    .getByRole("button", { name: "Complete authentication" })
    .click();
  await expect(page.getByTestId("result")).not.toBeEmpty();
  expect(JSON.parse((await page.getByTestId("result").textContent())!).paymentIntent).toMatchObject({
    id: first.body.id,
    status: "succeeded",
  });

  const second = await sandboxApi("POST", "/v1/payment_intents", { amount: "3000", currency: "usd" });
  await openClient(page, second.body.client_secret);
  await typeCard(page, "4000 0025 0000 3155");
  expect((await press(page, "Pay without handling actions")).paymentIntent).toMatchObject({
    status: "requires_action",
  });
  await page.getByRole("button", { name: "Handle card action" }).click();
  await page
    .getByRole("dialog", { name: "3D Secure authentication" })
    .getByRole("button", { name: "Fail authentication" })
    .click();
  await expect(page.getByTestId("result")).not.toBeEmpty();
  expect(JSON.parse((await page.getByTestId("result").textContent())!).error).toMatchObject({
    code: "payment_intent_authentication_failure",
    payment_intent: { id: second.body.id, status: "requires_payment_method" },
  });
});
