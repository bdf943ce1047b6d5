import { expect, test } from "../support/openapi-check";
import { DEMO_SHOPPER, uniqueEmail } from "../support/accounts";
import { fuzzAsAdmin } from "../support/admin-fuzz";
import { expectRefused } from "../support/api-refusals";
import { adminApi, createDiscount } from "../support/discounts";
import { confirmAsStripeJs } from "../support/orders";
import { startOwnShop } from "../support/own-shop";
import { SHIPPING } from "../support/shopping";

// Discount codes and promotions through /api/v1, on a shop of the test's own (a promotion prices
// every cart): the owner's discounts, a client's quote with a code, the order made with it, and the
// last use of a code that two clients pay for at the same moment.

test("the owner's discounts; a client's quote and order with a code; the last use goes to one of two", async ({
  playwright,
}) => {
  test.setTimeout(150_000);
  const shop = await startOwnShop({ SEED: "demo" });
  const anyone = await playwright.request.newContext({ baseURL: shop.base });
  const first = await playwright.request.newContext({ baseURL: shop.base });
  const second = await playwright.request.newContext({ baseURL: shop.base });
  const admin = await adminApi(playwright, shop.base);
  try {
    // Only the admin, and only what makes sense.
    const ten = { name: "Ten off", code: "last-one", kind: "amount", amount: 10, usageLimit: 1 };
    await expectRefused(
      await anyone.post("/api/v1/admin/discount/new", { data: ten }),
      401,
      "Login first to access this resource.",
    );
    await first.post("/api/v1/login", { data: DEMO_SHOPPER });
    await expectRefused(
      await first.get("/api/v1/admin/discounts"),
      403,
      "Role (user) is not allowed to access this resource",
    );
    const refusals: [Record<string, unknown>, string][] = [
      [{ ...ten, amount: undefined }, "Enter the amount off"],
      [{ ...ten, kind: "percent" }, "Enter a percent from 0.01 to 100"],
      [{ ...ten, kind: "percent", percent: 150 }, "Enter a percent from 0.01 to 100"],
      [{ ...ten, code: "TEN OFF!" }, "A code holds letters, digits, - and _ only"],
      [{ ...ten, kind: "bogo" }, "Choose percent off, amount off or free shipping"],
      [
        { ...ten, startsAt: "2026-12-01T00:00:00Z", endsAt: "2026-11-01T00:00:00Z" },
        "The end must come after the start",
      ],
      [{ ...ten, startsAt: "soon" }, "Enter the start as a date and time"],
      [{ ...ten, usageLimit: 0 }, "Allow at least one use"],
      [{ ...ten, usageLimit: 1.5 }, "The number of uses must be a whole number"],
    ];
    for (const [data, message] of refusals)
      await expectRefused(await admin.post("/api/v1/admin/discount/new", { data }), 400, message);
    const last = await createDiscount(admin, ten);
    expect(last).toMatchObject({
      code: "LAST-ONE",
      kind: "amount",
      amount: 10,
      percent: null,
      usageLimit: 1,
      timesUsed: 0,
    });
    await expectRefused(
      await admin.post("/api/v1/admin/discount/new", { data: { ...ten, code: "Last-One" } }),
      409,
      "Another discount has this code: choose another",
    );

    // A client prices its cart with the code: it applies, before tax; an unknown one says so.
    const product = (await (await anyone.get("/api/v1/products?keyword=JBL")).json()).products[0];
    const cart = { orderItems: [{ product: product._id, quantity: 1 }], shippingInfo: { country: "France" } };
    const price = Math.round(product.price * 100);
    const taxed = price - 10_00;
    const totalCents = taxed + (price > 200_00 ? 0 : 25_00) + Math.floor((2 * taxed * 500 + 10_000) / 20_000);
    const quoted = await anyone.post("/api/v1/order/quote", { data: { ...cart, couponCode: "last-one" } });
    expect(quoted.status()).toBe(200);
    expect((await quoted.json()).quote).toMatchObject({
      itemsPrice: price / 100,
      discountPrice: 10,
      discounts: [{ code: "LAST-ONE", name: "Ten off", kind: "amount", amount: 10 }],
      totalPrice: totalCents / 100,
      coupon: { code: "last-one", applies: true, reason: null },
    });
    const unknown = await (await anyone.post("/api/v1/order/quote", { data: { ...cart, couponCode: "NOPE" } })).json();
    expect(unknown.quote).toMatchObject({
      discountPrice: 0,
      coupon: { code: "NOPE", applies: false, reason: 'We do not know the code "NOPE".' },
    });
    await expectRefused(
      await anyone.post("/api/v1/order/quote", { data: { shippingInfo: { country: "France" } } }),
      400,
      "Required",
    );
    await expectRefused(
      await anyone.post("/api/v1/order/quote", {
        data: { ...cart, orderItems: [{ product: "nothing-here", quantity: 1 }] },
      }),
      404,
      "No product with the id nothing-here is sold here.",
    );

    // Two clients pay the discounted total and make their orders at the same moment: one gets the
    // last use, the other is refused and refunded.
    await second.post("/api/v1/register", {
      data: { name: "Second Buyer", email: uniqueEmail(), password: "password-123" },
    });
    const paid = await Promise.all(
      [first, second].map(async (client) => {
        const intent = await client.post("/api/v1/payment/process", { data: { amount: totalCents } });
        return (await confirmAsStripeJs(client, (await intent.json()).client_secret)).intentId;
      }),
    );
    const answers = await Promise.all(
      [first, second].map((client, i) =>
        client.post("/api/v1/order/new", {
          data: {
            ...cart,
            shippingInfo: SHIPPING,
            paymentInfo: { id: paid[i], status: "succeeded" },
            couponCode: "LAST-ONE",
          },
        }),
      ),
    );
    const made = answers.filter((a) => a.status() === 201);
    expect(made).toHaveLength(1);
    expect((await made[0].json()).order).toMatchObject({ discountPrice: 10, totalPrice: totalCents / 100 });
    // Refused when its order was written (409), or, if the other's was written by then, already
    // when it was priced (400): either way in words, and the money goes back.
    const refused = answers.find((a) => a.status() !== 201)!;
    expect([400, 409]).toContain(refused.status());
    expect((await refused.json()).message).toMatch(
      new RegExp(
        `^(The code LAST-ONE has just been used up\\. Please check your order's total again\\.|This code has been used up\\.) Your payment of \\$${(totalCents / 100).toFixed(2)} was refunded\\.$`,
      ),
    );
    const listed = (await (await admin.get("/api/v1/admin/discounts")).json()).discounts;
    expect(listed).toEqual([
      expect.objectContaining({ code: "LAST-ONE", timesUsed: 1, paidOrders: 1, discounted: 10 }),
    ]);

    // A promotion without a code applies to every cart it fits, until paused.
    const promotion = await createDiscount(admin, { name: "Five percent week", kind: "percent", percent: 5 });
    const withPromotion = (await (await anyone.post("/api/v1/order/quote", { data: cart })).json()).quote;
    expect(withPromotion).toMatchObject({
      discounts: [{ code: null, name: "Five percent week", kind: "percent" }],
      coupon: null,
    });
    const paused = await admin.put(`/api/v1/admin/discount/${promotion._id}`, {
      data: { name: "Five percent week", kind: "percent", percent: 5, paused: true },
    });
    expect((await paused.json()).discount).toMatchObject({ paused: true });
    expect((await (await anyone.post("/api/v1/order/quote", { data: cart })).json()).quote.discounts).toEqual([]);
    expect(await (await admin.delete(`/api/v1/admin/discount/${promotion._id}`)).json()).toEqual({
      success: true,
      message: "Discount deleted",
    });
    await expectRefused(await admin.delete(`/api/v1/admin/discount/${promotion._id}`), 404, "Discount not found");

    // The fuzz corpus, as an admin, where a well-formed body adds a discount (on the shared shop it
    // goes anonymously: fuzz.spec.ts).
    const fuzzed = await fuzzAsAdmin(shop.base, ["/api/v1/admin/discount/new", "/admin/discount/new"]);
    expect(fuzzed).toEqual({ serverErrors: [], closedEarly: [], undocumented: [] });
  } finally {
    await Promise.all([anyone.dispose(), first.dispose(), second.dispose(), admin.dispose()]);
    await shop.stop();
  }
});
