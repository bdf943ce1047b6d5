import { expect, test, type APIRequest, type APIRequestContext } from "../support/openapi-check";
import { money } from "../helpers";
import { DEMO_ADMIN, uniqueEmail } from "../support/accounts";
import { expectRefused } from "../support/api-refusals";
import { placeOrder } from "../support/orders";

// Refunds and cancellations through the admin API: POST /api/v1/admin/order/{id}/refund and
// /cancel, and GET /api/v1/admin/order/{id} (the order, its refunds, what is left to refund). Every
// answer is checked against the OpenAPI document (../support/openapi-check).

// Products no other test counts the stock of: the cancellation gives its items back.
const OIL = "Extra Virgin Olive Oil 1 L"; // $17.99
const SWEATER = "Uniqlo Merino Crew Neck Sweater"; // $49.90
const NOTHING = "Choose the items to refund or enter an amount.";

type AdminOrder = {
  order: {
    _id: string;
    itemsPrice: number;
    shippingPrice: number;
    totalPrice: number;
    refundedPrice: number;
    paymentState: string;
    isCancelled: boolean;
    cancelledAt: string | null;
    orderStatus: string;
  };
  refunds: { _id: string; amount: number; items: { item: string; quantity: number }[] }[];
  refundable: { amount: number; items: { item: string; name: string; quantity: number; refundable: number }[] };
};

async function signedIn(requests: APIRequest, baseURL: string | undefined, admin: boolean) {
  const context = await requests.newContext({ baseURL });
  if (admin) {
    const login = await context.post("/api/v1/login", { data: DEMO_ADMIN });
    expect(login.status()).toBe(200);
  } else {
    const account = { name: "Refund Api Buyer", email: uniqueEmail("refund-buyer"), password: "password-123" };
    expect((await context.post("/api/v1/register", { data: account })).status()).toBe(201);
  }
  return context;
}

async function adminOrder(admin: APIRequestContext, id: string): Promise<AdminOrder> {
  const response = await admin.get(`/api/v1/admin/order/${id}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as AdminOrder;
}

const cents = (dollars: number) => Math.round(dollars * 100);

test("a partial refund by items, its replay with the same key, and no more than is left", async ({
  playwright,
  baseURL,
}) => {
  const buyer = await signedIn(playwright.request, baseURL, false);
  const admin = await signedIn(playwright.request, baseURL, true);
  const placed = await placeOrder(buyer, OIL, 2);
  const refundUrl = `/api/v1/admin/order/${placed._id}/refund`;

  const before = await adminOrder(admin, placed._id);
  expect(before.order).toMatchObject({
    refundedPrice: 0,
    paymentState: "Paid",
    isCancelled: false,
    cancelledAt: null,
  });
  expect(before.refunds).toEqual([]);
  expect(before.refundable.amount).toBe(placed.totalPrice);
  const [line] = before.refundable.items;
  expect(line).toMatchObject({ name: OIL, quantity: 2, refundable: 2 });

  // One of the two bottles: its share of what was paid for the items (tax in, shipping out).
  const { itemsPrice, shippingPrice, totalPrice } = before.order;
  const itemsCents = cents(itemsPrice);
  const shareCents = Math.round(((itemsCents / 2) * (cents(totalPrice) - cents(shippingPrice))) / itemsCents);
  const request = {
    items: [{ item: line.item, quantity: 1 }],
    reason: "One bottle arrived broken",
    key: `refund-api-${placed._id}`,
  };
  const made = await admin.post(refundUrl, { data: request });
  expect(made.status()).toBe(201);
  const first = await made.json();
  expect(first).toMatchObject({
    success: true,
    replayed: false,
    refund: {
      amount: shareCents / 100,
      reason: "One bottle arrived broken",
      restock: false,
      source: "shop",
      status: "succeeded",
      items: [{ item: line.item, quantity: 1 }],
    },
    order: {
      _id: placed._id,
      refundedPrice: shareCents / 100,
      paymentState: "Partially refunded",
      isCancelled: false,
      totalPrice,
    },
  });

  // The same key again: the same refund, not a second one.
  const replay = await admin.post(refundUrl, { data: request });
  expect(replay.status()).toBe(201);
  const again = await replay.json();
  expect(again).toMatchObject({
    success: true,
    replayed: true,
    refund: { _id: first.refund._id, amount: shareCents / 100 },
    order: { refundedPrice: shareCents / 100 },
  });
  const once = await adminOrder(admin, placed._id);
  expect(once.refunds.map((r) => r._id)).toEqual([first.refund._id]);
  expect(once.refundable.items).toEqual([expect.objectContaining({ item: line.item, refundable: 1 })]);
  expect(cents(once.refundable.amount)).toBe(cents(totalPrice) - shareCents);

  // The Idempotency-Key header stands for the body's key.
  const byHeader = () =>
    admin.post(refundUrl, {
      data: { amount: "1.00", reason: "Goodwill" },
      headers: { "Idempotency-Key": `refund-api-header-${placed._id}` },
    });
  const goodwill = await byHeader();
  expect(goodwill.status()).toBe(201);
  const goodwillBody = await goodwill.json();
  expect(goodwillBody).toMatchObject({ replayed: false, refund: { amount: 1, items: [] } });
  expect(await (await byHeader()).json()).toMatchObject({
    replayed: true,
    refund: { _id: goodwillBody.refund._id },
  });
  // The same key with another body: refused, and nothing refunded.
  const reused = await admin.post(refundUrl, {
    data: { amount: "2.00", reason: "Goodwill" },
    headers: { "Idempotency-Key": `refund-api-header-${placed._id}` },
  });
  expect(reused.status()).toBe(409);
  expect(await reused.json()).toMatchObject({
    success: false,
    message: expect.stringContaining("This request key was used for another refund request"),
  });
  const leftCents = cents(totalPrice) - shareCents - 1_00;
  const now = await adminOrder(admin, placed._id);
  expect(now.refunds).toHaveLength(2);
  expect(cents(now.order.refundedPrice)).toBe(shareCents + 1_00);
  expect(cents(now.refundable.amount)).toBe(leftCents);

  // More than is left: of the items, or of the money.
  await expectRefused(
    await admin.post(refundUrl, { data: { items: [{ item: line.item, quantity: 2 }], reason: "Both" } }),
    409,
    `Only 1 of ${OIL} can still be refunded.`,
  );
  await expectRefused(
    await admin.post(refundUrl, { data: { amount: (leftCents + 1) / 100, reason: "Too much" } }),
    409,
    `You can refund at most ${money(leftCents / 100)} of this order.`,
  );
  await expectRefused(
    await admin.post(refundUrl, { data: { items: [{ item: "no-such-line", quantity: 1 }], reason: "Other" } }),
    400,
    "That item is not part of this order.",
  );
  expect(cents((await adminOrder(admin, placed._id)).order.refundedPrice)).toBe(shareCents + 1_00);

  // The buyer reads the same state on their order.
  const mine = (await (await buyer.get(`/api/v1/order/${placed._id}`)).json()).order;
  expect(mine).toMatchObject({ paymentState: "Partially refunded", isCancelled: false });
  expect(cents(mine.refundedPrice)).toBe(shareCents + 1_00);
  await buyer.dispose();
  await admin.dispose();
});

test("refunds refuse bad input with the field's message, other methods, and anyone but an admin", async ({
  request,
  playwright,
  baseURL,
}) => {
  const buyer = await signedIn(playwright.request, baseURL, false);
  const admin = await signedIn(playwright.request, baseURL, true);
  const placed = await placeOrder(buyer, OIL);
  const refundUrl = `/api/v1/admin/order/${placed._id}/refund`;
  const cancelUrl = `/api/v1/admin/order/${placed._id}/cancel`;
  const [line] = (await adminOrder(admin, placed._id)).refundable.items;

  for (const [data, message] of [
    [{ reason: "Nothing chosen" }, NOTHING],
    [{ items: [{ item: line.item, quantity: 0 }], amount: "", reason: "None of it" }, NOTHING],
    [{ amount: -5, reason: "Negative" }, "The amount must be more than 0"],
    [{ amount: "-5", reason: "Negative" }, "The amount must be more than 0"],
    [
      { amount: "1.234", reason: "Too precise" },
      'The amount "1.234" is unclear: write 1,234.00 for 1,234, or at most two decimals',
    ],
    [{ amount: true, reason: "Not money" }, "Enter the amount as a number such as 10 or 19.99"],
    [{ items: [{ item: line.item, quantity: 1 }] }, "Say why you refund"],
    [{ items: [{ item: line.item, quantity: 1 }], reason: "   " }, "Say why you refund"],
    [
      { items: [{ item: line.item, quantity: -1 }], reason: "x" },
      "Enter how many to refund as a whole number (0 or more)",
    ],
    [{ amount: 1, reason: "x".repeat(501) }, "The reason can be at most 500 characters"],
  ] as const)
    await expectRefused(await admin.post(refundUrl, { data }), 400, message);
  // A form body is read too.
  await expectRefused(
    await admin.post(refundUrl, { form: { amount: "0", reason: "Zero" } }),
    400,
    "The amount must be more than 0",
  );
  await expectRefused(
    await admin.post(cancelUrl, { data: { reason: "x".repeat(501) } }),
    400,
    "The reason can be at most 500 characters",
  );
  await expectRefused(await admin.put(refundUrl, { data: {} }), 405, "PUT is not allowed here");
  await expectRefused(await admin.delete(cancelUrl), 405, "DELETE is not allowed here");
  await expectRefused(
    await admin.post("/api/v1/admin/order/no-such-order/refund", { data: { amount: 1, reason: "x" } }),
    404,
    "Order not found",
  );
  await expectRefused(
    await admin.post("/api/v1/admin/order/no-such-order/cancel", { data: {} }),
    404,
    "Order not found",
  );
  await expectRefused(await admin.get("/api/v1/admin/order/no-such-order"), 404, "Order not found");

  // Not signed in: 401; signed in without the admin role: 403; nothing refunded either way.
  const valid = { amount: 1, reason: "Not mine to give" };
  for (const url of [refundUrl, cancelUrl, `/api/v1/admin/order/${placed._id}`]) {
    const anonymous = url.endsWith(placed._id) ? await request.get(url) : await request.post(url, { data: valid });
    await expectRefused(anonymous, 401, "Login first to access this resource.");
    const user = url.endsWith(placed._id) ? await buyer.get(url) : await buyer.post(url, { data: valid });
    await expectRefused(user, 403, "Role (user) is not allowed to access this resource");
  }
  const after = await adminOrder(admin, placed._id);
  expect(after.refunds).toEqual([]);
  expect(after.order).toMatchObject({ refundedPrice: 0, paymentState: "Paid", isCancelled: false });
  await buyer.dispose();
  await admin.dispose();
});

test("cancelling a paid order refunds it in full with its items back in stock; its status no longer changes", async ({
  playwright,
  baseURL,
}) => {
  const buyer = await signedIn(playwright.request, baseURL, false);
  const admin = await signedIn(playwright.request, baseURL, true);
  const stockOf = async () =>
    (
      (await (await admin.get(`/api/v1/products?keyword=${encodeURIComponent(SWEATER)}`)).json()) as {
        products: { name: string; stock: number }[];
      }
    ).products.find((p) => p.name === SWEATER)!.stock;
  const stockBefore = await stockOf();
  const placed = await placeOrder(buyer, SWEATER);
  expect(await stockOf()).toBe(stockBefore - 1);
  const cancelUrl = `/api/v1/admin/order/${placed._id}/cancel`;
  const [line] = (await adminOrder(admin, placed._id)).refundable.items;

  // No reason given: the shop's own.
  const cancelled = await admin.post(cancelUrl, { data: {} });
  expect(cancelled.status()).toBe(200);
  const body = await cancelled.json();
  expect(body).toMatchObject({
    success: true,
    cancelled: true,
    refund: {
      amount: placed.totalPrice,
      reason: "Cancelled by the shop",
      restock: true,
      source: "shop",
      status: "succeeded",
      items: [{ item: line.item, quantity: 1 }],
    },
    order: {
      _id: placed._id,
      refundedPrice: placed.totalPrice,
      paymentState: "Refunded",
      isCancelled: true,
      orderStatus: "Processing",
    },
  });
  expect(Date.parse(body.order.cancelledAt)).not.toBeNaN();
  expect(await stockOf()).toBe(stockBefore);

  // Again: nothing more happens.
  const twice = await admin.post(cancelUrl, { data: { reason: "Changed my mind" } });
  expect(twice.status()).toBe(200);
  expect(await twice.json()).toMatchObject({
    cancelled: false,
    refund: null,
    order: { refundedPrice: placed.totalPrice, isCancelled: true, cancelledAt: body.order.cancelledAt },
  });
  const after = await adminOrder(admin, placed._id);
  expect(after.refunds.map((r) => r._id)).toEqual([body.refund._id]);
  expect(after.refundable).toMatchObject({ amount: 0, items: [expect.objectContaining({ refundable: 0 })] });
  expect(await stockOf()).toBe(stockBefore);

  // A cancelled order is not shipped, nor refunded again.
  await expectRefused(
    await admin.put(`/api/v1/admin/update/order/${placed._id}`, { data: { status: "Shipped" } }),
    409,
    "This order was cancelled: its status cannot change.",
  );
  await expectRefused(
    await admin.post(`/api/v1/admin/order/${placed._id}/refund`, { data: { amount: 1, reason: "More" } }),
    409,
    "This order has been refunded in full already.",
  );
  const mine = (await (await buyer.get(`/api/v1/order/${placed._id}`)).json()).order;
  expect(mine).toMatchObject({
    paymentState: "Refunded",
    isCancelled: true,
    orderStatus: "Processing",
    refundedPrice: placed.totalPrice,
  });
  await buyer.dispose();
  await admin.dispose();
});
