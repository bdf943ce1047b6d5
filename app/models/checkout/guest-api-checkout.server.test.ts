import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { config } from "~/config.server";
import { db } from "~/db/client.server";
import { commitTogether } from "~/db/commit.server";
import { clientCartIntents, orders } from "~/db/schema";
import { discountSchema } from "~/lib/discount-schema";
import { LOOKUP_NOT_FOUND } from "~/lib/order-lookup-schema";
import { PAYMENT } from "~/lib/order-states";
import { confirmApiOrder, quoteClientCart, startApiPayment } from "./client-cart-checkout.server";
import { stripe } from "./payment-provider.server";
import { sweepClientCartIntents } from "./payment-sweeper.server";
import { createDiscount } from "~/models/pricing";
import { lookUpGuestOrder, orderLinkKey } from "~/models/orders";
import { outboxRow, orderConfirmationMail, type MailOrder, type Recipient } from "~/models/mail";
import { RateLimitError } from "~/models/platform";
import { createUser, type User } from "~/models/accounts";
import { action as lookupAction } from "~/routes/api/v1/order.lookup";
import { action as orderNewAction } from "~/routes/api/v1/order.new";
import { loader as orderLoader } from "~/routes/api/v1/order.$id";
import { action as paymentAction } from "~/routes/api/v1/payment.process";
import { openApiDocument } from "~/web/openapi/document.server";
import { apiRouteModules } from "~/routes/api/v1-routes.server";
import { useSandbox } from "../../../tests/unit/stripe-relay";
import { bearerFor, createProduct, stockOf } from "../../../tests/unit/fixtures";

// The API's guest checkout: payment/process and order/new without credentials (a client cart, the
// intent bound to the guest's e-mail), the guest order's lookup, and its page by the link's key.

useSandbox();

const SHIPPING = {
  recipientName: "Gina Guest",
  address: "1 Main St",
  city: "Springfield",
  phoneNo: "555 0100",
  postalCode: "12345",
  country: "United States",
};
let n = 0;
const guestEmail = () => `guest-${++n}-${Date.now()}@example.com`;
const shopper = (): Promise<User> =>
  createUser({ name: `Signed In ${++n}`, email: `signed-${n}-${Date.now()}@example.com`, password: "password-1" });
const ordersOfGuest = (email: string) => db.select().from(orders).where(eq(orders.guestEmail, email));
const refunds = async (intentId: string) => (await stripe().refunds.list({ payment_intent: intentId })).data.length;
const pay = (intentId: string) => stripe().paymentIntents.confirm(intentId, { payment_method: "pm_card_visa" });

/** A guest's payment of `amountCents`, made and paid as the client does. */
async function guestPaid(email: string, amountCents: number) {
  const intent = await startApiPayment({ guestEmail: email }, amountCents);
  await pay(intent.id);
  return intent.id;
}

/** What these lines cost, delivered to SHIPPING, with the code: the amount a client pays. */
async function totalOf(productId: string, quantity: number, couponCode?: string) {
  const quote = await quoteClientCart(null, [{ productId, quantity }], { country: SHIPPING.country }, { couponCode });
  return quote.prices.totalCents;
}

// The routes, called as the server calls them; no credentials unless a header is given.
const args = (request: Request, params: Record<string, string> = {}, clientIp = "192.0.2.10") => ({
  request,
  params,
  context: { clientIp },
});
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  new Request(`http://shop.test/api/v1${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
const answer = async (response: Response) => ({ status: response.status, body: await response.json() });

describe("a guest's client cart through the API", () => {
  it("makes the order for the guest's e-mail: no account, the recipient's name, a confirmation with the key's link", async () => {
    const productId = await createProduct({ priceCents: 40_00, stock: 5 });
    const email = guestEmail();
    const amount = await totalOf(productId, 2);
    const intentId = await guestPaid(email.toUpperCase(), amount);
    // Bound to the e-mail, in lower case, not to an account; watched by the sweeper like a user's.
    expect((await stripe().paymentIntents.retrieve(intentId)).metadata).toEqual({ guestEmail: email, cart: "client" });
    const [watched] = await db.select().from(clientCartIntents).where(eq(clientCartIntents.intentId, intentId));
    expect(watched).toMatchObject({ userId: null, amountCents: amount, resolvedAt: null });

    const order = await confirmApiOrder(
      { guestEmail: email },
      { intentId, lines: [{ productId, quantity: 2 }], shipping: SHIPPING },
    );
    expect(order).toMatchObject({
      userId: null,
      guestEmail: email,
      cartId: null,
      userName: "Gina Guest",
      shippingRecipientName: "Gina Guest",
      paymentStatus: "succeeded",
      totalPriceCents: amount,
      buyer: { name: "Gina Guest", email, orderKey: orderLinkKey(order.id) },
    });
    expect(await stockOf(productId)).toBe(3);

    // The confirmation is queued with the order, to the guest, with the link that opens it without an account.
    const queued = await outboxRow(`orderConfirmation:${order.id}`);
    const payload = queued?.payload as { order: MailOrder; buyer: Recipient };
    expect(payload.buyer).toEqual({ name: "Gina Guest", email, orderKey: orderLinkKey(order.id) });
    const mail = await orderConfirmationMail(payload.order, payload.buyer);
    expect(mail.to).toBe(email);
    expect(mail.text).toContain(`${config.publicUrl}/order/${order.id}?key=${orderLinkKey(order.id)}`);
  });

  it("answers the same order for the same intent, once, however often and at once", async () => {
    const productId = await createProduct({ priceCents: 10_00, stock: 5 });
    const email = guestEmail();
    const intentId = await guestPaid(email, await totalOf(productId, 1));
    const input = { intentId, lines: [{ productId, quantity: 1 }], shipping: SHIPPING };
    const [first, second] = await Promise.all([
      confirmApiOrder({ guestEmail: email }, input),
      confirmApiOrder({ guestEmail: email }, input),
    ]);
    const third = await confirmApiOrder({ guestEmail: email }, { intentId });
    expect(new Set([first.id, second.id, third.id]).size).toBe(1);
    expect(await ordersOfGuest(email)).toHaveLength(1);
    expect(await stockOf(productId)).toBe(4);
    expect(await refunds(intentId)).toBe(0);
  });

  it("answers 404 to another e-mail, before and after the order: nothing made, nothing refunded", async () => {
    const productId = await createProduct({ priceCents: 10_00, stock: 5 });
    const email = guestEmail();
    const other = guestEmail();
    const intentId = await guestPaid(email, await totalOf(productId, 1));
    const input = { intentId, lines: [{ productId, quantity: 1 }], shipping: SHIPPING };
    const noOrder = { status: 404, message: "No order for this payment" };
    await expect(confirmApiOrder({ guestEmail: other }, input)).rejects.toMatchObject(noOrder);
    expect(await ordersOfGuest(other)).toHaveLength(0);
    expect(await ordersOfGuest(email)).toHaveLength(0);
    expect(await stockOf(productId)).toBe(5);
    expect(await refunds(intentId)).toBe(0);

    await confirmApiOrder({ guestEmail: email }, input);
    await expect(confirmApiOrder({ guestEmail: other }, input)).rejects.toMatchObject(noOrder);
    expect(await ordersOfGuest(other)).toHaveLength(0);
  });

  it("does not let a guest claim a signed-in user's intent, nor a user a guest's", async () => {
    const productId = await createProduct({ priceCents: 10_00, stock: 5 });
    const user = await shopper();
    const amount = await totalOf(productId, 1);
    const usersIntent = await startApiPayment(user, amount);
    await pay(usersIntent.id);
    const lines = [{ productId, quantity: 1 }];
    // Even with the user's own e-mail.
    for (const email of [user.email, guestEmail()])
      await expect(
        confirmApiOrder({ guestEmail: email }, { intentId: usersIntent.id, lines, shipping: SHIPPING }),
      ).rejects.toMatchObject({ status: 404, message: "No order for this payment" });
    expect(await ordersOfGuest(user.email)).toHaveLength(0);
    expect(await refunds(usersIntent.id)).toBe(0);
    // The user's own call still makes their order.
    expect(await confirmApiOrder(user, { intentId: usersIntent.id, lines, shipping: SHIPPING })).toMatchObject({
      userId: user.id,
      guestEmail: null,
    });

    const email = guestEmail();
    const guestsIntent = await guestPaid(email, amount);
    await expect(confirmApiOrder(user, { intentId: guestsIntent, lines, shipping: SHIPPING })).rejects.toMatchObject({
      status: 404,
      message: "No order for this payment",
    });
    expect(await refunds(guestsIntent)).toBe(0);
  });

  it("counts a discount's per-customer limit by the guest's e-mail", async () => {
    const productId = await createProduct({ priceCents: 40_00, stock: 10 });
    await createDiscount(
      discountSchema("en-US").parse({
        name: "Once each",
        code: "GUESTONCE",
        kind: "percent",
        percent: "10",
        perCustomerLimit: "1",
      }),
    );
    const email = guestEmail();
    const amount = await totalOf(productId, 1, "GUESTONCE");
    const order = { lines: [{ productId, quantity: 1 }], shipping: SHIPPING, couponCode: "GUESTONCE" };

    const first = await guestPaid(email, amount);
    expect(await confirmApiOrder({ guestEmail: email }, { intentId: first, ...order })).toMatchObject({
      discountCents: 4_00,
    });
    // The same e-mail again: refused, and its payment refunded.
    const second = await guestPaid(email, amount);
    await expect(confirmApiOrder({ guestEmail: email }, { intentId: second, ...order })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining("You have already used this code."),
    });
    expect(await refunds(second)).toBe(1);
    // Another e-mail has its own use.
    const other = guestEmail();
    const third = await guestPaid(other, amount);
    expect(await confirmApiOrder({ guestEmail: other }, { intentId: third, ...order })).toMatchObject({
      discountCents: 4_00,
    });
  });
});

describe("a guest's payment never used", () => {
  it("is refunded by the sweeper like a user's, once its client had ten minutes to call order/new", async () => {
    const productId = await createProduct({ priceCents: 10_00, stock: 5 });
    const email = guestEmail();
    const intentId = await guestPaid(email, await totalOf(productId, 1));
    await sweepClientCartIntents(new Date(Date.now() + 11 * 60_000));
    expect(await refunds(intentId)).toBe(1);
    await expect(
      confirmApiOrder({ guestEmail: email }, { intentId, lines: [{ productId, quantity: 1 }], shipping: SHIPPING }),
    ).rejects.toMatchObject({ status: 409 });
    expect(await ordersOfGuest(email)).toHaveLength(0);
    expect(await stockOf(productId)).toBe(5);
  });
});

describe("POST /api/v1/payment/process and /order/new without credentials", () => {
  it("asks a guest for a valid e-mail and the recipient's name; answers the order with its link", async () => {
    const productId = await createProduct({ priceCents: 25_00, stock: 5 });
    const amount = await totalOf(productId, 1);
    expect(await answer(await paymentAction(args(post("/payment/process", { amount }))))).toEqual({
      status: 400,
      body: { success: false, message: "Please enter your email" },
    });
    expect(
      await answer(await paymentAction(args(post("/payment/process", { amount, email: "not an e-mail" })))),
    ).toEqual({ status: 400, body: { success: false, message: "Please enter valid email address" } });

    const email = guestEmail();
    const started = await answer(await paymentAction(args(post("/payment/process", { amount, email }))));
    expect(started).toMatchObject({ status: 200, body: { success: true, client_secret: expect.any(String) } });
    const intentId = (started.body.client_secret as string).split("_secret_")[0];
    await pay(intentId);

    const body = {
      paymentInfo: { id: intentId, status: "succeeded" },
      orderItems: [{ product: productId, quantity: 1, name: "ignored", price: 1 }],
      shippingInfo: SHIPPING,
      email,
    };
    expect(await answer(await orderNewAction(args(post("/order/new", { ...body, email: undefined }))))).toEqual({
      status: 400,
      body: { success: false, message: "Please enter your email" },
    });
    const unnamed = { ...body, shippingInfo: { ...SHIPPING, recipientName: undefined } };
    expect(await answer(await orderNewAction(args(post("/order/new", unnamed))))).toEqual({
      status: 400,
      body: { success: false, message: "Please enter the recipient's name" },
    });
    expect(await answer(await orderNewAction(args(post("/order/new", { ...body, email: guestEmail() }))))).toEqual({
      status: 404,
      body: { success: false, message: "No order for this payment" },
    });

    const made = await answer(await orderNewAction(args(post("/order/new", body))));
    expect(made.status).toBe(201);
    const id = made.body.order._id as string;
    expect(made.body).toMatchObject({
      success: true,
      order: { user: { _id: null, name: "Gina Guest", email }, shippingInfo: { recipientName: "Gina Guest" } },
      orderLink: `${config.publicUrl}/order/${id}?key=${orderLinkKey(id)}`,
    });
    const again = await answer(await orderNewAction(args(post("/order/new", body))));
    expect(again).toMatchObject({ status: 201, body: { order: { _id: id }, orderLink: made.body.orderLink } });
  });

  it("keeps a signed-in caller's answers as they were; credentials that do not sign in are a 401, not a guest", async () => {
    const productId = await createProduct({ priceCents: 25_00, stock: 5 });
    const amount = await totalOf(productId, 1);
    const user = await shopper();
    const auth = { Authorization: await bearerFor(user.id) };
    const started = await answer(await paymentAction(args(post("/payment/process", { amount }, auth))));
    expect(started.status).toBe(200);
    const intentId = (started.body.client_secret as string).split("_secret_")[0];
    expect((await stripe().paymentIntents.retrieve(intentId)).metadata).toEqual({ userId: user.id, cart: "client" });
    await pay(intentId);
    const body = {
      paymentInfo: { id: intentId },
      orderItems: [{ product: productId, quantity: 1 }],
      shippingInfo: SHIPPING,
    };
    const made = await answer(await orderNewAction(args(post("/order/new", body, auth))));
    expect(made.status).toBe(201);
    expect(Object.keys(made.body)).toEqual(["success", "order"]);
    expect(made.body.order.user).toEqual({ _id: user.id, name: user.name, email: user.email });

    const stale = { Authorization: "Bearer not-a-token" };
    for (const response of [
      await paymentAction(args(post("/payment/process", { amount, email: guestEmail() }, stale))),
      await orderNewAction(args(post("/order/new", { ...body, email: guestEmail() }, stale))),
    ])
      expect(await answer(response)).toEqual({
        status: 401,
        body: { success: false, message: "Login first to access this resource." },
      });
  });
});

describe("a guest's order found again", () => {
  /** A guest's order placed through the API calls, as a client places it. */
  async function guestOrder() {
    const productId = await createProduct({ priceCents: 15_00, stock: 5 });
    const email = guestEmail();
    const intentId = await guestPaid(email, await totalOf(productId, 1));
    const order = await confirmApiOrder(
      { guestEmail: email },
      { intentId, lines: [{ productId, quantity: 1 }], shipping: SHIPPING },
    );
    return { order, email };
  }

  it("answers the order and its link for its number and e-mail, and one 404 for whatever did not match", async () => {
    const { order, email } = await guestOrder();
    const ip = "192.0.2.21";
    const lookup = (body: unknown) => lookupAction(args(post("/order/lookup", body), {}, ip)).then(answer);
    const link = `${config.publicUrl}/order/${order.id}?key=${orderLinkKey(order.id)}`;

    for (const orderNumber of [order.orderNumber, `#${order.orderNumber}`])
      expect(await lookup({ orderNumber, email: email.toUpperCase() })).toMatchObject({
        status: 200,
        body: { success: true, order: { _id: order.id, orderNumber: order.orderNumber }, orderLink: link },
      });
    const notFound = { status: 404, body: { success: false, message: LOOKUP_NOT_FOUND } };
    expect(await lookup({ orderNumber: order.orderNumber, email: guestEmail() })).toEqual(notFound);
    expect(await lookup({ orderNumber: order.orderNumber + 100_000, email })).toEqual(notFound);
    // A signed-in user's order is no guest's, even with its buyer's e-mail.
    const user = await shopper();
    const productId = await createProduct({ priceCents: 15_00, stock: 5 });
    const usersIntent = await startApiPayment(user, await totalOf(productId, 1));
    await pay(usersIntent.id);
    const users = await confirmApiOrder(user, {
      intentId: usersIntent.id,
      lines: [{ productId, quantity: 1 }],
      shipping: SHIPPING,
    });
    expect(await lookup({ orderNumber: users.orderNumber, email: user.email })).toEqual(notFound);

    expect(await lookup({ orderNumber: "first", email })).toEqual({
      status: 400,
      body: { success: false, message: "Please enter the order number, as #1001" },
    });
    expect(await lookup({ orderNumber: order.orderNumber })).toEqual({
      status: 400,
      body: { success: false, message: "Please enter your email" },
    });
    expect(await lookup({ orderNumber: order.orderNumber, email: "nope" })).toEqual({
      status: 400,
      body: { success: false, message: "Please enter valid email address" },
    });
  });

  it("refuses lookups of one e-mail past the limit, with 429 and Retry-After", async () => {
    const { order, email } = await guestOrder();
    // Unit tests run with the default limits: 10 per e-mail (and 50 per address) in 15 minutes.
    for (let i = 0; i < 10; i++)
      await expect(
        lookUpGuestOrder({ orderNumber: order.orderNumber + 100_000 + i, email }, "192.0.2.30"),
      ).rejects.toMatchObject({ status: 404, message: LOOKUP_NOT_FOUND });
    await expect(lookUpGuestOrder({ orderNumber: order.orderNumber, email }, "192.0.2.31")).rejects.toBeInstanceOf(
      RateLimitError,
    );
    const refused = await lookupAction(
      args(post("/order/lookup", { orderNumber: order.orderNumber, email }), {}, "192.0.2.32"),
    );
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ success: false, message: expect.stringMatching(/^Too many attempts/) });
  });

  it("answers GET /order/{id}?key= without credentials; a wrong key or none is no order", async () => {
    const { order, email } = await guestOrder();
    const get = (query: string, headers: Record<string, string> = {}) =>
      orderLoader(
        args(new Request(`http://shop.test/api/v1/order/${order.id}${query}`, { headers }), { id: order.id }),
      );

    expect(await answer(await get(`?key=${orderLinkKey(order.id)}`))).toMatchObject({
      status: 200,
      body: { success: true, order: { _id: order.id, user: { _id: null, email } }, returns: [], returnable: null },
    });
    const notFound = { status: 404, body: { success: false, message: "Order not found" } };
    expect(
      await answer(await get(`?key=${orderLinkKey(order.id).replace(/^./, (c) => (c === "A" ? "B" : "A"))}`)),
    ).toEqual(notFound);
    expect(await answer(await get("?key="))).toEqual(notFound);
    // Another order's key opens only that order.
    const { order: another } = await guestOrder();
    expect(await answer(await get(`?key=${orderLinkKey(another.id)}`))).toEqual(notFound);
    expect(await answer(await get(""))).toEqual({
      status: 401,
      body: { success: false, message: "Login first to access this resource." },
    });
    // Signed in as someone else: their own orders only, but the key still opens the guest's.
    const auth = { Authorization: await bearerFor((await shopper()).id) };
    expect(await answer(await get("", auth))).toEqual(notFound);
    expect((await get(`?key=${orderLinkKey(order.id)}`, auth)).status).toBe(200);
  });

  it("does not open an unpaid guest order by its key", async () => {
    const { order } = await guestOrder();
    await commitTogether((tx) =>
      tx.update(orders).set({ paymentStatus: PAYMENT.requiresPayment }).where(eq(orders.id, order.id)),
    );
    const response = await orderLoader(
      args(new Request(`http://shop.test/api/v1/order/${order.id}?key=${orderLinkKey(order.id)}`), { id: order.id }),
    );
    expect(await answer(response)).toEqual({ status: 404, body: { success: false, message: "Order not found" } });
  });
});

describe("the OpenAPI document", () => {
  it("lets a guest call the checkout and an order by its key with no credentials, and documents the lookup", () => {
    const paths = openApiDocument("https://shop.example", apiRouteModules()).paths ?? {};
    for (const [path, method] of [
      ["/payment/process", "post"],
      ["/order/new", "post"],
      ["/order/{id}", "get"],
    ] as const)
      expect(paths[path]?.[method]?.security, `${method} ${path}`).toEqual([
        {},
        { cookieAuth: [] },
        { bearerAuth: [] },
      ]);
    expect(paths["/order/{id}"]?.get?.parameters).toContainEqual(expect.objectContaining({ name: "key", in: "query" }));
    const lookup = paths["/order/lookup"]?.post;
    expect(lookup?.security).toEqual([]);
    expect(Object.keys(lookup?.responses ?? {})).toEqual(expect.arrayContaining(["200", "400", "404", "429"]));
  });
});
