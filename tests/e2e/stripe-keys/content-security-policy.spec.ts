import { expect, test } from "@playwright/test";
import { e2eEnv } from "../support/env";
import { watchPolicyViolations } from "../support/policy-violations";
import { payThroughStripe, toPayment } from "../support/stripe-keys";

// With Stripe keys the policy lets Stripe.js (here the sandbox's stand-in, from another origin),
// its frames and Stripe Checkout in, and no inline script without the response's nonce.

test("paying through Stripe raises no policy violation; payment is allowed for Stripe", async ({
  page,
  javaScriptEnabled,
  baseURL,
}) => {
  const violations = await watchPolicyViolations(page);
  const total = await toPayment(page, "Sony WH-1000XM5 Wireless Headphones");
  await payThroughStripe(page, javaScriptEnabled, total, "4242 4242 4242 4242");
  await expect(page).toHaveURL(/\/success\?order=/);
  expect(violations).toEqual([]);

  const headers = (await page.request.get(`${baseURL}/payment`)).headers();
  expect(headers["content-security-policy"]).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  // Stripe.js comes from the standalone sandbox here, as it would from js.stripe.com.
  expect(headers["permissions-policy"]).toContain(`payment=(self "http://127.0.0.1:${e2eEnv().keysSandboxPort}")`);
});
