import { expect, test } from "@playwright/test";
import { DEMO_ADMIN, registerViaApi } from "./support/accounts";
import { signInAs } from "./support/sign-in";
import { adminApi, createDiscount, uniqueCode } from "./support/discounts";
import { addToCart, fillShipping, payWith } from "./support/shopping";
import { money } from "./helpers";

// A shopper types a discount code in the cart and at confirmation (plain forms, JavaScript on and off):
// a code that does not apply says why in words, one that does comes off before tax, and the amount
// charged, the success page and the order keep it. Codes unique to the test, on the shared shop.

const PRODUCT = "JBL Tune 510BT On-Ear Headphones";

test("a code in the cart: refused in words, then applied; the order is paid at the discounted total", async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const admin = await adminApi(playwright, baseURL!);
  const tenOff = await createDiscount(admin, {
    name: "Ten percent",
    code: uniqueCode("TEN"),
    kind: "percent",
    percent: 10,
  });
  const bigSpend = await createDiscount(admin, {
    name: "Big spenders",
    code: uniqueCode("BIG"),
    kind: "amount",
    amount: 50,
    minSubtotal: 5000,
  });
  await admin.dispose();

  await registerViaApi(page, "Bargain Hunter");
  const product = await addToCart(page, PRODUCT);
  const price = Math.round(product.price * 100);
  await page.goto("/cart");

  // Nothing typed: the field says so, and nothing is kept.
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("Enter a discount code")).toBeVisible();

  // A code the shop does not know, then one whose minimum is not met: each says why, and can go. The
  // field stays, holding the refused code, for another try.
  await page.getByLabel("Discount code").fill("no-such-code");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("coupon-refusal")).toHaveText('We do not know the code "no-such-code".');
  await expect(page.getByLabel("Discount code")).toHaveValue("no-such-code");
  await page.getByLabel("Discount code").fill(bigSpend.code!.toLowerCase());
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("coupon-refusal")).toHaveText(
    `Spend ${money((500_000 - price) / 100)} more to use this code.`,
  );
  await expect(page.getByTestId("cart-discount")).toHaveCount(0);
  await page.getByRole("button", { name: "Remove code" }).click();
  await expect(page.getByTestId("coupon-refusal")).toHaveCount(0);

  // One that applies: 10% of the item, rounded half up at the cent.
  const off = Math.floor((2 * price * 1000 + 10_000) / 20_000);
  await page.getByLabel("Discount code").fill(tenOff.code!);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("coupon-code")).toHaveText(tenOff.code!);
  await expect(page.getByTestId("coupon")).toContainText("applied.");
  // Applied, the code is said, with "Remove code" and no field.
  await expect(page.getByLabel("Discount code")).toHaveCount(0);
  await expect(page.getByTestId("cart-discount")).toHaveText(`Discount (${tenOff.code}): −${money(off / 100)}`);

  // At confirmation: the discount before tax, and the total the payment charges.
  await page.getByRole("button", { name: "Check out" }).click();
  await expect(page).toHaveURL(/\/shipping$/);
  await fillShipping(page);
  const taxed = price - off;
  const shipping = price > 200_00 ? 0 : 25_00;
  const tax = Math.floor((2 * taxed * 500 + 10_000) / 20_000);
  const total = taxed + shipping + tax;
  const summary = page.getByTestId("order-summary");
  await expect(summary.getByTestId("discount-name")).toHaveText(`Discount (${tenOff.code}):`);
  await expect(summary.getByTestId("discount")).toHaveText(`−${money(off / 100)}`);
  await expect(summary.getByTestId("tax")).toHaveText(money(tax / 100));
  await expect(summary.getByTestId("total")).toHaveText(money(total / 100));

  // Removed at confirmation, the total goes back up; applied again, down.
  await summary.getByRole("button", { name: "Remove code" }).click();
  await expect(summary.getByTestId("discount")).toHaveCount(0);
  await summary.getByLabel("Discount code").fill("nope");
  await summary.getByRole("button", { name: "Apply" }).click();
  await expect(summary.getByTestId("coupon-refusal")).toHaveText('We do not know the code "nope".');
  await summary.getByLabel("Discount code").fill(tenOff.code!);
  await summary.getByRole("button", { name: "Apply" }).click();
  await expect(summary.getByTestId("total")).toHaveText(money(total / 100));

  await page.getByRole("link", { name: "Proceed to Payment" }).click();
  await expect(page.getByRole("button", { name: `Pay - ${money(total / 100)}` })).toBeVisible();
  await payWith(page, "4242424242424242");
  await expect(page).toHaveURL(/\/success/);
  await expect(page.getByTestId("order-summary").getByTestId("discount")).toHaveText(`−${money(off / 100)}`);

  const orders = (await (await page.request.get("/api/v1/orders/me")).json()).orders;
  expect(orders[0]).toMatchObject({
    totalPrice: total / 100,
    discountPrice: off / 100,
    discounts: [{ code: tenOff.code, name: "Ten percent", kind: "percent", amount: off / 100 }],
    paymentInfo: { status: "succeeded" },
  });
  // The cart is empty, and its code gone with it.
  await page.goto("/cart");
  await expect(page.getByRole("heading", { name: "Your Cart is Empty" })).toBeVisible();
});

test("the discount form shows the value of the kind chosen; without JavaScript both, the other ignored", async ({
  page,
}) => {
  const js = test.info().project.use.javaScriptEnabled !== false;
  await signInAs(page, DEMO_ADMIN.email);
  await page.goto("/admin/discount/new");
  const percent = page.getByLabel("Percent off (only for percent off)");
  const amount = page.getByLabel(/^Amount off in .* \(only for an amount off\)/);
  const code = uniqueCode("KIND");
  await page.getByLabel("Name", { exact: true }).fill("Kinds");
  await page.getByLabel("Code (empty for an automatic promotion)").fill(code);
  if (js) {
    await expect(percent).toBeVisible();
    await expect(amount).toBeHidden();
    await page.getByLabel("Gives").selectOption({ label: "Free shipping" });
    await expect(percent).toBeHidden();
    await expect(amount).toBeHidden();
    await page.getByLabel("Gives").selectOption({ label: "Amount off the items" });
    await expect(percent).toBeHidden();
  } else {
    await expect(percent).toBeVisible();
    await expect(amount).toBeVisible();
    // What does not apply is ignored, even when it is no number.
    await percent.fill("lots");
    await page.getByLabel("Gives").selectOption({ label: "Amount off the items" });
  }
  await amount.fill("5");
  await page.getByLabel("Paused (no new order gets it)").check();
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await expect(page.getByTestId("toast")).toHaveText("Discount created");
  await expect(page.getByRole("row").filter({ hasText: code })).toBeVisible();
});
