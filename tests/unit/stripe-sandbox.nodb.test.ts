import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_BODY_BYTES, isBrowserPath } from "../../sandbox/browser-paths";
import { startStripeSandbox } from "../../sandbox/stripe-sandbox";

// The payment sandbox as a browser meets it once the shop forwards its pages: every URL it hands
// out is under the public URL it was given, and what a client sends never makes it fail.

const PUBLIC = "https://shop.example/_sandbox";
let sandbox: Awaited<ReturnType<typeof startStripeSandbox>>;

beforeAll(async () => {
  sandbox = await startStripeSandbox({
    secretKey: "sk_test_u",
    publishableKey: "pk_test_u",
    webhookSecret: "whsec_u",
    webhookUrl: "http://127.0.0.1:9/none",
    publicUrl: PUBLIC,
  });
});
afterAll(() => sandbox.close());

async function call(
  path: string,
  params: Record<string, string> | string = {},
  { key = "sk_test_u", method = "POST" } = {},
) {
  const response = await fetch(`${sandbox.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/x-www-form-urlencoded" },
    body: method === "GET" ? undefined : typeof params === "string" ? params : new URLSearchParams(params),
    redirect: "manual",
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) };
}

async function intentNeedingAuthentication(returnUrl = "https://shop.example/payment/return") {
  const intent = (await call("/v1/payment_intents", { amount: "1000", currency: "usd" })).json();
  const confirmed = await call(`/v1/payment_intents/${intent.id}/confirm`, {
    payment_method: "pm_card_authenticationRequired",
    return_url: returnUrl,
  });
  return confirmed.json();
}

describe("the payment sandbox's URLs for the browser", () => {
  it("sends the buyer to the 3D Secure page under its public URL, and back to the return URL", async () => {
    const intent = await intentNeedingAuthentication();
    expect(intent.status).toBe("requires_action");
    expect(intent.next_action.redirect_to_url.url).toBe(`${PUBLIC}/authenticate/${intent.id}`);
    const page = await call(`/authenticate/${intent.id}`, {}, { method: "GET" });
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    // The page's forms post to the page itself, wherever it is served.
    expect(page.text).toContain('<form method="post">');
    expect(page.text).not.toContain("127.0.0.1");
    const back = await call(`/authenticate/${intent.id}`, { outcome: "complete" });
    expect(back.status).toBe(303);
    expect(back.headers.get("location")).toMatch(
      /^https:\/\/shop\.example\/payment\/return\?payment_intent=pi_\w+&.*redirect_status=succeeded/,
    );
  });

  it("gives a Checkout Session a URL under its public URL, and a 3D Secure card there comes back to it", async () => {
    const session = (
      await call("/v1/checkout/sessions", {
        mode: "payment",
        success_url: "https://shop.example/payment/return?session_id={CHECKOUT_SESSION_ID}",
        cancel_url: "https://shop.example/payment",
        "line_items[0][quantity]": "1",
        "line_items[0][price_data][currency]": "usd",
        "line_items[0][price_data][unit_amount]": "1500",
        "line_items[0][price_data][product_data][name]": "Lamp",
      })
    ).json();
    expect(session.url).toBe(`${PUBLIC}/pay/${session.id}`);
    const paid = await call(`/pay/${session.id}`, { number: "4000 0025 0000 3155", expiry: "12/34", cvc: "123" });
    expect(paid.status).toBe(303);
    const authenticateAt = paid.headers.get("location")!;
    expect(authenticateAt).toMatch(new RegExp(`^${PUBLIC}/authenticate/pi_\\w+$`));
    const back = await call(new URL(authenticateAt).pathname.replace("/_sandbox", ""), { outcome: "complete" });
    expect(back.headers.get("location")).toMatch(new RegExp(`^${PUBLIC}/pay/${session.id}\\?`));
  });

  it("serves the Stripe.js stand-in so that a page on any origin may load it", async () => {
    const script = await call("/v3/", {}, { method: "GET" });
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(script.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
  });

  it("names the paths a browser uses, and only those", () => {
    for (const path of [
      "/v3/",
      "/v3",
      "/pay/cs_test_ab12",
      "/authenticate/pi_ab12",
      "/v1/payment_methods",
      "/v1/tokens",
      "/v1/payment_intents/pi_1",
      "/v1/payment_intents/pi_1/confirm",
    ])
      expect(isBrowserPath(path), path).toBe(true);
    for (const path of [
      "/v1/payment_intents",
      "/v1/payment_intents/pi_1/cancel",
      "/v1/refunds",
      "/v1/checkout/sessions",
      "/pay/cs_1/../../v1/refunds",
      "/authenticate/pi_1/x",
      "/",
    ])
      expect(isBrowserPath(path), path).toBe(false);
  });
});

describe("bad input to the payment sandbox", () => {
  it("a parameter used both as a value and as a hash is a 400", async () => {
    const answer = await call("/v1/payment_methods", "type=card&card=x&card[number]=4242424242424242");
    expect(answer.status).toBe(400);
    expect(answer.json().error.type).toBe("invalid_request_error");
    expect((await call("/v1/payment_methods", "card[number][x]=1&card[number]=2")).status).toBe(400);
  });

  it("keys that name a prototype are ignored", async () => {
    const answer = await call(
      "/v1/payment_methods",
      "type=card&__proto__[polluted]=yes&card[constructor][prototype][polluted]=yes&card[number]=4242424242424242",
    );
    expect(answer.status).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("a return URL it could not send the buyer to is a 400, and nothing changes", async () => {
    const intent = (await call("/v1/payment_intents", { amount: "1000" })).json();
    for (const returnUrl of ["not a url", "javascript:alert(1)"]) {
      const answer = await call(`/v1/payment_intents/${intent.id}/confirm`, {
        payment_method: "pm_card_authenticationRequired",
        return_url: returnUrl,
      });
      expect(answer.status).toBe(400);
      expect(answer.json().error.param).toBe("return_url");
    }
    expect((await call(`/v1/payment_intents/${intent.id}`, {}, { method: "GET" })).json().status).toBe(
      "requires_payment_method",
    );
  });

  it("a body over its limit is a 413; unknown pages and intents are 404s; a repeated answer is a 400", async () => {
    expect((await call("/v1/payment_methods", `card[number]=${"4".repeat(MAX_BODY_BYTES)}`)).status).toBe(413);
    expect((await call("/authenticate/pi_nope", { outcome: "complete" })).status).toBe(404);
    expect((await call("/pay/cs_nope", {}, { method: "GET" })).status).toBe(404);
    const intent = await intentNeedingAuthentication();
    expect((await call(`/authenticate/${intent.id}`, { outcome: "fail" })).status).toBe(303);
    expect((await call(`/authenticate/${intent.id}`, { outcome: "complete" })).status).toBe(400);
  });
});
