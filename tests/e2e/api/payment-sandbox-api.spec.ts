import { expect, test } from "@playwright/test";

// The built-in payment sandbox under the shop's origin (/_sandbox/…) answers only what a browser
// asks of it (its pages, the Stripe.js stand-in and the calls that makes); the rest of its API is
// for the shop's server, on loopback.

test("the sandbox's other paths are not reachable through the shop, and bad input is refused, never a 500", async ({
  request,
}) => {
  // The API the shop's server uses (refunds, creating intents) stays on loopback.
  for (const path of [
    "/_sandbox/v1/refunds",
    "/_sandbox/v1/payment_intents",
    "/_sandbox/v1/checkout/sessions",
    "/_sandbox/",
  ]) {
    const response = await request.post(path, { form: { payment_intent: "pi_x" }, maxRedirects: 0 });
    expect(response.status(), path).toBe(404);
  }
  expect((await request.delete("/_sandbox/v3/")).status()).toBe(405);
  expect((await request.post("/_sandbox/authenticate/pi_unknown", { form: { outcome: "complete" } })).status()).toBe(
    404,
  );
  expect(
    (await request.post("/_sandbox/v1/payment_methods", { form: { "card[number]": "x".repeat(70_000) } })).status(),
  ).toBe(413);
  const mixed = await request.post("/_sandbox/v1/payment_methods", {
    data: "key=pk_test_sandbox&card=x&card[number]=4242424242424242",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  expect(mixed.status()).toBe(400);
  const stripeJs = await request.get("/_sandbox/v3/");
  expect(stripeJs.status()).toBe(200);
  expect(stripeJs.headers()["cross-origin-resource-policy"]).toBe("cross-origin");
});
