import { expect, test, type APIRequestContext } from "../support/openapi-check";
import { productNamed } from "../helpers";
import { uniqueEmail, waitForMail } from "../support/accounts";
import { expectRefused } from "../support/api-refusals";
import { confirmAsStripeJs } from "../support/orders";
import { SHIPPING_FORM } from "../support/shopping";

// The API's guest checkout: payment/process and order/new without credentials (the client keeps
// the cart, the intent is bound to the guest's e-mail), the order found again by its number and
// e-mail (order/lookup), and opened by its link's key (GET order/{id}?key=). Every answer is
// checked against the OpenAPI document (../support/openapi-check).

const PRODUCT = "Hydro Flask 32 oz Wide Mouth Bottle";
const NOT_FOUND = "We found no order with that number and e-mail. Check both, as in your receipt.";

type GuestOrder = {
  _id: string;
  orderNumber: number;
  user: { _id: string | null; name: string; email: string | null };
  shippingInfo: { recipientName: string };
  paymentInfo: { id: string; status: string };
  totalPrice: number;
};

/** What the cart costs, as the server will price its order: the amount to pay, in cents. */
async function amountFor(request: APIRequestContext, productId: string, quantity: number) {
  const quoted = await request.post("/api/v1/order/quote", {
    data: { orderItems: [{ product: productId, quantity }], shippingInfo: { country: SHIPPING_FORM.country } },
  });
  expect(quoted.status()).toBe(200);
  return Math.round((await quoted.json()).quote.totalPrice * 100);
}

/** payment/process as a guest, then the provider's confirm as Stripe.js does it: the paid intent's id. */
async function guestPays(request: APIRequestContext, email: string, amount: number) {
  const processed = await request.post("/api/v1/payment/process", { data: { amount, email } });
  expect(processed.status()).toBe(200);
  const { intentId, response } = await confirmAsStripeJs(request, (await processed.json()).client_secret);
  expect((await response.json()).status).toBe("succeeded");
  return intentId;
}

test("a guest pays and orders through the API, finds the order again by number and e-mail, and opens it by its key", async ({
  request,
}) => {
  const email = uniqueEmail("api-guest");
  const product = await productNamed(request, PRODUCT);
  const amount = await amountFor(request, product._id, 1);
  // The e-mail in any case: the intent, the order and the lookup go by it in lower case.
  const intentId = await guestPays(request, email.toUpperCase(), amount);

  const body = {
    paymentInfo: { id: intentId, status: "succeeded" },
    orderItems: [{ product: product._id, name: product.name, price: product.price, quantity: 1 }],
    shippingInfo: SHIPPING_FORM,
    email,
  };
  const created = await request.post("/api/v1/order/new", { data: body });
  expect(created.status()).toBe(201);
  const { order, orderLink } = (await created.json()) as { order: GuestOrder; orderLink: string };
  expect(order).toMatchObject({
    user: { _id: null, name: SHIPPING_FORM.recipientName, email },
    shippingInfo: { recipientName: SHIPPING_FORM.recipientName },
    paymentInfo: { id: intentId, status: "succeeded" },
    totalPrice: amount / 100,
  });
  const link = new URL(orderLink);
  expect(link.pathname).toBe(`/order/${order._id}`);
  const key = link.searchParams.get("key");
  expect(key).toMatch(/^[\w-]{32}$/);

  // The same intent again: the same order, the same link.
  const again = await request.post("/api/v1/order/new", { data: body });
  expect(again.status()).toBe(201);
  expect(await again.json()).toMatchObject({ order: { _id: order._id }, orderLink });

  // The confirmation goes to the guest, with the same link.
  const mail = await waitForMail(email, `your order #${order.orderNumber}`);
  expect(mail.text).toContain(orderLink);

  // Found again by its number (as the receipt writes it) and e-mail.
  const found = await request.post("/api/v1/order/lookup", {
    data: { orderNumber: `#${order.orderNumber}`, email: email.toUpperCase() },
  });
  expect(found.status()).toBe(200);
  expect(await found.json()).toMatchObject({
    success: true,
    order: { _id: order._id, orderNumber: order.orderNumber },
    orderLink,
  });

  // Opened by its key, without credentials.
  const opened = await request.get(`/api/v1/order/${order._id}?key=${key}`);
  expect(opened.status()).toBe(200);
  expect(await opened.json()).toMatchObject({
    success: true,
    order: { _id: order._id, user: { _id: null, email } },
    returns: [],
    returnable: null,
  });
  // The page the link names opens too.
  expect((await request.get(link.pathname + link.search)).status()).toBe(200);
});

test("a guest's bad input: no e-mail, a bad e-mail, no recipient, another e-mail's intent, a wrong key, a lookup that does not match", async ({
  request,
}) => {
  const email = uniqueEmail("api-guest-bad");
  const product = await productNamed(request, PRODUCT);
  const amount = await amountFor(request, product._id, 1);

  await expectRefused(
    await request.post("/api/v1/payment/process", { data: { amount } }),
    400,
    "Please enter your email",
  );
  await expectRefused(
    await request.post("/api/v1/payment/process", { data: { amount, email: "not-an-address" } }),
    400,
    "Please enter valid email address",
  );

  const intentId = await guestPays(request, email, amount);
  const body = {
    paymentInfo: { id: intentId },
    orderItems: [{ product: product._id, quantity: 1 }],
    shippingInfo: SHIPPING_FORM,
    email,
  };
  await expectRefused(
    await request.post("/api/v1/order/new", { data: { ...body, email: undefined } }),
    400,
    "Please enter your email",
  );
  const { recipientName: _, ...unnamed } = SHIPPING_FORM;
  await expectRefused(
    await request.post("/api/v1/order/new", { data: { ...body, shippingInfo: unnamed } }),
    400,
    "Please enter the recipient's name",
  );
  // Another e-mail than the intent's: as if there were no such payment; nothing is made.
  await expectRefused(
    await request.post("/api/v1/order/new", { data: { ...body, email: uniqueEmail("api-guest-other") } }),
    404,
    "No order for this payment",
  );
  const created = await request.post("/api/v1/order/new", { data: body });
  expect(created.status()).toBe(201);
  const { order } = (await created.json()) as { order: GuestOrder };

  // A wrong key, or another order's, is no order; no key and no credentials asks to log in.
  await expectRefused(await request.get(`/api/v1/order/${order._id}?key=${"x".repeat(32)}`), 404, "Order not found");
  await expectRefused(await request.get(`/api/v1/order/${order._id}?key=`), 404, "Order not found");
  await expectRefused(await request.get(`/api/v1/order/${order._id}`), 401, "Login first to access this resource.");

  // One message whatever did not match: the e-mail, or the number.
  for (const data of [
    { orderNumber: order.orderNumber, email: uniqueEmail("api-guest-nobody") },
    { orderNumber: order.orderNumber + 1_000_000, email },
  ])
    await expectRefused(await request.post("/api/v1/order/lookup", { data }), 404, NOT_FOUND);
  await expectRefused(
    await request.post("/api/v1/order/lookup", { data: { orderNumber: "the first", email } }),
    400,
    "Please enter the order number, as #1001",
  );
  await expectRefused(
    await request.post("/api/v1/order/lookup", { data: { orderNumber: order.orderNumber, email: "nope" } }),
    400,
    "Please enter valid email address",
  );
});

test("lookups of one e-mail are limited: past the limit, 429 with Retry-After", async ({ request }) => {
  const email = uniqueEmail("api-guest-limit");
  // The e2e shop keeps the default 10 per e-mail in 15 minutes (its per-address limit is lifted).
  for (let i = 0; i < 10; i++)
    await expectRefused(
      await request.post("/api/v1/order/lookup", { data: { orderNumber: 1001 + i, email } }),
      404,
      NOT_FOUND,
    );
  const refused = await request.post("/api/v1/order/lookup", { data: { orderNumber: 1001, email } });
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);
  expect((await refused.json()).message).toMatch(/^Too many attempts/);
});
