import { expect, test } from "@playwright/test";
import { productNamed } from "../helpers";
import { registerViaApi } from "../support/accounts";
import { expectHydrated, watchPolicyViolations } from "../support/policy-violations";
import { addToCart, fillShipping, payWith } from "../support/shopping";

// The strict Content-Security-Policy (no 'unsafe-inline' scripts: server/csp.server.ts) lets every
// page hydrate, fresh or from the anonymous page cache, and the browser reports no violation.

test("home, product, cart, login and payment hydrate with no policy violation", async ({ page, request }) => {
  const violations = await watchPolicyViolations(page);
  const product = await productNamed(request, "Sony WH-1000XM5 Wireless Headphones");

  // Twice each: the second answer to an anonymous visitor comes from the page cache (hashes).
  for (const url of ["/", `/product/${product._id}`, "/", `/product/${product._id}`, "/cart", "/lgn"]) {
    await page.goto(url);
    await expectHydrated(page, violations);
  }
  // A client-side navigation loads route modules as the app runs.
  await page.getByRole("link", { name: "Cart" }).first().click();
  await expect(page).toHaveURL(/\/cart$/);

  await registerViaApi(page, "Policy Buyer");
  await addToCart(page, product.name);
  await page.goto("/shipping");
  await fillShipping(page);
  await page.getByRole("link", { name: "Proceed to Payment" }).click();
  await expect(page).toHaveTitle("Payment - ShopIT");
  await expectHydrated(page, violations);
  await payWith(page, "4242 4242 4242 4242");
  await expect(page).toHaveURL(/\/success\?order=/);
  await expectHydrated(page, violations);

  expect(violations).toEqual([]);
});
