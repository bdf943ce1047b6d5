import { expect, test, type APIRequestContext } from "../support/openapi-check";
import { productNamed } from "../helpers";
import { uniqueEmail } from "../support/accounts";
import { confirmAsStripeJs } from "../support/orders";
import { SHIPPING, SHIPPING_FORM } from "../support/shopping";

async function shopperWithCart(request: APIRequestContext, productName: string, quantity: number) {
  const account = { name: "Api Buyer", email: uniqueEmail("buyer"), password: "password-123" };
  expect((await request.post("/api/v1/register", { data: account })).status()).toBe(201);
  const product = await productNamed(request, productName);
  // The same form posts a browser makes (the cart and shipping pages).
  const added = await request.post(`/product/${product._id}`, {
    form: { intent: "add-to-cart", quantity: String(quantity) },
    maxRedirects: 0,
  });
  expect(added.status()).toBe(302);
  const shipped = await request.post("/shipping", { form: SHIPPING_FORM, maxRedirects: 0 });
  expect(shipped.headers().location).toBe("/confirm");
  return { account, product };
}

test("GET /stripeapi gives the publishable key", async ({ request }) => {
  expect(await (await request.get("/api/v1/stripeapi")).json()).toEqual({
    success: true,
    stripeApiKey: "pk_test_sandbox",
  });
});

test("payment/process checks the amount against the server's total; order/new confirms, once", async ({ request }) => {
  // Without credentials it is a guest's payment, which needs the guest's e-mail (tests/e2e/api/guest-api.spec.ts).
  const anonymous = await request.post("/api/v1/payment/process", { data: { amount: 100 } });
  expect(anonymous.status()).toBe(400);
  expect((await anonymous.json()).message).toBe("Please enter your email");
  const { product } = await shopperWithCart(request, "Kindle Paperwhite 16 GB", 1); // $149.99
  const total = 149_99 + 25_00 + 7_50;

  const tampered = await request.post("/api/v1/payment/process", { data: { amount: 1_00 } });
  expect(tampered.status()).toBe(400);
  expect((await tampered.json()).message).toBe("The amount does not match your cart's total of $182.49.");
  const bad = await request.post("/api/v1/payment/process", { data: { amount: "lots" } });
  expect(bad.status()).toBe(400);
  expect((await bad.json()).message).toBe("The amount must be a number of cents");

  const processed = await request.post("/api/v1/payment/process", { data: { amount: total } });
  expect(processed.status()).toBe(200);
  const { client_secret } = await processed.json();
  expect(client_secret).toMatch(/^pi_\w+_secret_\w+$/);

  // Before the payment succeeds, the order cannot be confirmed.
  const intentId = client_secret.split("_secret_")[0];
  const early = await request.post("/api/v1/order/new", {
    data: { paymentInfo: { id: intentId, status: "succeeded" } },
  });
  expect(early.status()).toBe(400);
  expect((await early.json()).message).toBe("There is some issue while payment processing");

  const { response } = await confirmAsStripeJs(request, client_secret);
  expect((await response.json()).status).toBe("succeeded");

  const created = await request.post("/api/v1/order/new", {
    data: { paymentInfo: { id: intentId, status: "succeeded" }, totalPrice: total / 100 },
  });
  expect(created.status()).toBe(201);
  const { order } = await created.json();
  expect(order).toMatchObject({
    paymentInfo: { id: intentId, status: "succeeded" },
    itemsPrice: 149.99,
    shippingPrice: 25,
    taxPrice: 7.5,
    totalPrice: 182.49,
    orderStatus: "Processing",
    orderItems: [{ product: product._id, name: product.name, price: 149.99, quantity: 1 }],
  });
  // The order number, an extra field beside the specification's, the same in every answer.
  expect(Number.isInteger(order.orderNumber) && order.orderNumber >= 1001).toBe(true);
  const again = await request.post("/api/v1/order/new", { data: { paymentInfo: { id: intentId } } });
  expect((await again.json()).order).toMatchObject({ _id: order._id, orderNumber: order.orderNumber });

  const mine = await (await request.get("/api/v1/orders/me")).json();
  expect(mine.orders.map((o: { _id: string; orderNumber: number }) => [o._id, o.orderNumber])).toEqual([
    [order._id, order.orderNumber],
  ]);
  expect((await (await request.get(`/api/v1/order/${order._id}`)).json()).order).toMatchObject({
    _id: order._id,
    orderNumber: order.orderNumber,
  });
});

test("a declined card never makes an order; another user cannot see or confirm someone's order", async ({
  request,
  playwright,
  baseURL,
}) => {
  await shopperWithCart(request, "Amazon Echo Dot 5th Gen", 1);
  const total = 49_99 + 25_00 + 2_50;
  const { client_secret } = await (await request.post("/api/v1/payment/process", { data: { amount: total } })).json();
  const declined = await confirmAsStripeJs(request, client_secret, "pm_card_chargeDeclined");
  expect(declined.response.status()).toBe(402);
  expect((await declined.response.json()).error.message).toBe("Your card was declined.");
  expect((await request.post("/api/v1/order/new", { data: { paymentInfo: { id: declined.intentId } } })).status()).toBe(
    400,
  );

  const second = await request.post("/api/v1/payment/process", { data: { amount: total } });
  const paid = await confirmAsStripeJs(request, (await second.json()).client_secret);
  const { order } = await (
    await request.post("/api/v1/order/new", { data: { paymentInfo: { id: paid.intentId } } })
  ).json();

  const other = await playwright.request.newContext({ baseURL });
  await other.post("/api/v1/register", { data: { name: "Other", email: uniqueEmail(), password: "password-123" } });
  const peek = await other.get(`/api/v1/order/${order._id}`);
  expect(peek.status()).toBe(404);
  expect(await peek.json()).toEqual({ success: false, message: "Order not found" });
  expect((await other.post("/api/v1/order/new", { data: { paymentInfo: { id: paid.intentId } } })).status()).toBe(404);
  await other.dispose();
});

test("the webhook refuses an unsigned or wrongly signed event", async ({ request }) => {
  const body = JSON.stringify({
    type: "payment_intent.succeeded",
    data: { object: { id: "pi_forged", amount_received: 1 } },
  });
  expect((await request.post("/webhooks/stripe", { data: body })).status()).toBe(400);
  const forged = await request.post("/webhooks/stripe", {
    data: body,
    headers: { "Stripe-Signature": `t=${Math.floor(Date.now() / 1000)},v1=deadbeef` },
  });
  expect(forged.status()).toBe(400);
});

test("the spec's other checkout paths redirect", async ({ request }) => {
  for (const [from, to] of [
    ["/shippping", "/shipping"],
    ["/order/confirm", "/confirm"],
  ]) {
    const response = await request.get(from, { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toBe(to);
  }
});

test("the OpenAPI document describes orderNumber on every order", async ({ request }) => {
  const doc = await (await request.get("/api/v1/openapi.json")).json();
  const order = doc.components.schemas.Order;
  expect(order.required).toContain("orderNumber");
  expect(order.properties.orderNumber).toMatchObject({
    type: "integer",
    description: expect.stringContaining("#1001"),
  });
});

test("a client's cart: shippingInfo takes a recipient and a region, and without a recipient the buyer is one", async ({
  request,
  playwright,
  baseURL,
}) => {
  const kindle = await productNamed(request, "Kindle Paperwhite 16 GB"); // $149.99: $182.49 with shipping and tax
  const order = async (name: string, shippingInfo: Record<string, unknown>) => {
    const buyer = await playwright.request.newContext({ baseURL });
    expect(
      (
        await buyer.post("/api/v1/register", { data: { name, email: uniqueEmail("client"), password: "password-123" } })
      ).status(),
    ).toBe(201);
    const { client_secret } = await (await buyer.post("/api/v1/payment/process", { data: { amount: 182_49 } })).json();
    const { intentId } = await confirmAsStripeJs(buyer, client_secret);
    const created = await buyer.post("/api/v1/order/new", {
      data: { orderItems: [{ product: kindle._id, quantity: 1 }], shippingInfo, paymentInfo: { id: intentId } },
    });
    const body = await created.json();
    const mine = await (await buyer.get("/api/v1/orders/me")).json();
    await buyer.dispose();
    return { status: created.status(), body, mine };
  };

  const uk = {
    recipientName: "Jane Doe",
    address: "10 Downing St",
    city: "London",
    state: "Greater London",
    phoneNo: "020 7946 0000",
    postalCode: "sw1a 2aa",
    country: "UK",
  };
  const named = await order("Api Gifter", uk);
  expect(named.status).toBe(201);
  const ukShipped = { ...uk, postalCode: "SW1A 2AA", country: "United Kingdom" };
  expect(named.body.order.shippingInfo).toEqual(ukShipped);
  expect(named.mine.orders[0].shippingInfo).toEqual(ukShipped);

  const plain = await order("Api Plain Buyer", SHIPPING);
  expect(plain.status).toBe(201);
  expect(plain.body.order.shippingInfo).toEqual({ ...SHIPPING, recipientName: "Api Plain Buyer", state: null });

  // A postal code that is not the country's is refused before any order, naming the country.
  const wrong = await order("Api Wrong Code", { ...uk, postalCode: "12345" });
  expect(wrong.status).toBe(400);
  expect(wrong.body.message).toBe("That is not a valid postal code for the United Kingdom");
});
