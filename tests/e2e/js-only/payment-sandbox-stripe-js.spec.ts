import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { registerViaApi } from "../support/accounts";
import { orderFor, paymentForCart } from "../support/orders";

// A client of the shop's API on another origin (the specification's own front end, say) pays as it
// would with Stripe.js: it loads the built-in sandbox's Stripe.js stand-in from the shop's origin,
// and the stand-in's calls and its 3D Secure check go there too, never to the sandbox's own port.

type StripeJs = (key: string) => {
  elements(): { create(type: string): { mount(selector: string): void } };
  confirmCardPayment(
    secret: string,
    data: unknown,
  ): Promise<{ paymentIntent?: { id: string; status: string }; error?: { message: string } }>;
};

let client: http.Server;
let clientUrl = "";

test.beforeAll(async ({ baseURL }) => {
  const html = `<!doctype html><html lang="en"><head><title>Third-party client</title>
<script src="${baseURL}/_sandbox/v3/"></script></head><body><main><div id="card"></div></main></body></html>`;
  client = http.createServer(
    (_req, res) => void res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(html),
  );
  await new Promise<void>((resolve) => client.listen(0, "127.0.0.1", resolve));
  clientUrl = `http://127.0.0.1:${(client.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => client?.close(resolve));
});

test("the Stripe.js stand-in, loaded from the shop's origin by another site, pays a 3D Secure card once the check is passed", async ({
  page,
  baseURL,
}) => {
  const shop = new URL(baseURL!).origin;
  await registerViaApi(page, "Client Carla");
  const clientSecret = await paymentForCart(page.request, "JBL Tune 510BT On-Ear Headphones");

  const requests: string[] = [];
  page.on("request", (request) => requests.push(request.url()));
  await page.goto(clientUrl);
  await page.evaluate(() => {
    const stripe = (window as unknown as { Stripe: StripeJs }).Stripe("pk_test_sandbox");
    const card = stripe.elements().create("card");
    card.mount("#card");
    (window as unknown as { pay: (secret: string) => unknown }).pay = (secret) =>
      stripe.confirmCardPayment(secret, { payment_method: { card } });
  });
  await page.getByLabel("Card number").fill("4000 0025 0000 3155");
  await page.getByLabel("Expiration date").fill("12 / 34");
  await page.getByLabel("CVC").fill("123");
  const paying = page.evaluate(
    (secret) =>
      (window as unknown as { pay: (secret: string) => ReturnType<ReturnType<StripeJs>["confirmCardPayment"]> }).pay(
        secret,
      ),
    clientSecret,
  );
  await page
    .getByRole("dialog", { name: "3D Secure authentication" })
    .getByRole("button", { name: "Complete authentication" })
    .click();
  const { paymentIntent, error } = await paying;
  expect(error).toBeUndefined();
  expect(paymentIntent).toMatchObject({ id: clientSecret.split("_secret_")[0], status: "succeeded" });

  // The shop checks the payment with the provider before it makes the order.
  const order = await orderFor(page.request, paymentIntent!.id);
  expect(order.paymentInfo.status).toBe("succeeded");

  const sandboxPaths = requests
    .filter((url) => url.startsWith(`${shop}/_sandbox/`))
    .map((url) => new URL(url).pathname.replace(/pi_\w+/, "pi_…"));
  expect(sandboxPaths).toEqual([
    "/_sandbox/v3/",
    "/_sandbox/v1/payment_methods",
    "/_sandbox/v1/payment_intents/pi_…/confirm",
    "/_sandbox/authenticate/pi_…",
  ]);
  expect(requests.filter((url) => ![shop, clientUrl].includes(new URL(url).origin))).toEqual([]);
});
