import { expect, test } from "@playwright/test";
import { DEMO_ADMIN, registerViaApi } from "../support/accounts";
import { overflowsViewport, wcagViolations } from "../support/axe";
import { adminApi, createDiscount, uniqueCode } from "../support/discounts";
import { addToCart, fillShipping } from "../support/shopping";
import { signInAs } from "../support/sign-in";

// The discounts' admin pages and the shopper's code form (applied and refused, in the cart and at
// confirmation) pass axe and fit a phone. A code of the test's own, on the shared shop.
test("the discount pages and the code form pass axe and fit a phone", async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const api = await adminApi(playwright, baseURL!);
  const code = await createDiscount(api, { name: "Axe sale", code: uniqueCode("AXE"), kind: "percent", percent: 15 });
  await api.dispose();
  const shopper = await (await browser.newContext()).newPage();
  await registerViaApi(shopper, "Axe Bargainer");
  await addToCart(shopper, "JBL Tune 510BT On-Ear Headphones");
  await shopper.goto("/cart");
  await shopper.getByLabel("Discount code").fill("NOT-A-CODE");
  await shopper.getByRole("button", { name: "Apply" }).click();
  await expect(shopper.getByTestId("coupon-refusal")).toBeVisible();

  await signInAs(page, DEMO_ADMIN.email);
  const check = async (on: typeof page, where: string) => {
    expect(await wcagViolations(on), where).toEqual([]);
    expect(await overflowsViewport(on), where).toBe(false);
  };
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const url of [
      "/admin/discounts",
      "/admin/discount/new",
      `/admin/discount/${code._id}`,
      `/admin/discount/${code._id}/delete`,
    ]) {
      await page.goto(url);
      await check(page, `${url} at ${width} px`);
    }
    await shopper.setViewportSize({ width, height: 900 });
    await shopper.goto("/cart");
    await check(shopper, `/cart, a code refused, at ${width} px`);
  }
  // Applied, in the cart and at confirmation.
  await shopper.getByRole("button", { name: "Remove code" }).click();
  // The refused code's field stays until the removal lands, then comes back empty.
  await expect(shopper.getByTestId("coupon-refusal")).toHaveCount(0);
  await shopper.getByLabel("Discount code").fill(code.code!);
  await shopper.getByRole("button", { name: "Apply" }).click();
  await expect(shopper.getByTestId("cart-discount")).toBeVisible();
  await check(shopper, "/cart, a code applied, at 390 px");
  await shopper.goto("/shipping");
  await fillShipping(shopper);
  await expect(shopper.getByTestId("discount")).toBeVisible();
  await check(shopper, "/confirm with a code, at 390 px");
  await shopper.context().close();
});
