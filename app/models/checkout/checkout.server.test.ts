import { userBuyer } from "./buyer.server";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { describe, expect, it, vi } from "vitest";
import { db } from "~/db/client.server";
import { commitTogether } from "~/db/commit.server";
import { orderStatusEvents, orders, products } from "~/db/schema";
import { getCartCount, setCartLine, userCart } from "~/models/cart";
import { confirmApiOrder } from "./client-cart-checkout.server";
import { payWithCard, startPayment } from "./intent-checkout.server";
import { stripe } from "./payment-provider.server";
import { RESERVATION_MS } from "./reservation.server";
import {
  lateRefundOf,
  markOrderPaid,
  refundUnfulfillable,
  releaseLapsedReservations,
  releaseOrder,
  settlePayment,
} from "./settlement.server";
import {
  CHECKOUT_SESSION_MS,
  settleCheckoutReturn,
  settleElementsReturn,
  startCheckout,
} from "./stripe-checkout.server";
import { drainMails, outboxRow } from "~/models/mail";
import { saveShippingInfo } from "~/models/pricing";
import { saveShopSettings } from "~/models/settings";
import { createUser, getUserById } from "~/models/accounts";
import { action as processPayment } from "~/routes/api/v1/payment.process";
import { SHIPPING } from "../../../tests/unit/buying";
import { UNIT_WEBHOOK_SECRET, useSandboxWithWebhook } from "../../../tests/unit/stripe-relay";
import { action as webhook } from "~/routes/checkout/webhooks.stripe";
import { bearerFor, createProduct, stockOf } from "../../../tests/unit/fixtures";

const VISA = { number: "4242424242424242", expMonth: 12, expYear: 2099, cvc: "123" };
const DECLINED = { ...VISA, number: "4000000000000002" };
const NO_FUNDS = { ...VISA, number: "4000000000009995" };
const THREE_D_SECURE = { ...VISA, number: "4000002500003155" };

// The sandbox delivers its signed events to the real webhook route (tests/unit/stripe-relay.ts).
const { handled } = useSandboxWithWebhook();
const deliveredTypes = () => handled.map((event) => event.type);

let n = 0;
async function buyer(productId: string, quantity: number) {
  const user = await createUser({
    name: `Buyer ${++n}`,
    email: `buyer-${n}-${Date.now()}@example.com`,
    password: "password-1",
  });
  await saveShippingInfo(user.id, SHIPPING);
  await setCartLine(userCart(user.id), productId, quantity);
  return (await getUserById(user.id))!;
}

const ordersOf = (userId: string) => db.select().from(orders).where(eq(orders.userId, userId));
const orderById = async (id: string) => (await db.select().from(orders).where(eq(orders.id, id)).limit(1))[0];
/** Another buyer's purchase, or a restock: the stock of one product (of every product without an id), written as the shop writes. */
const setStock = (stock: number, productId?: string) =>
  commitTogether(async (tx) => {
    await tx
      .update(products)
      .set({ stock })
      .where(productId === undefined ? undefined : eq(products.id, productId));
  });
const cart = (userId: string) => getCartCount(userCart(userId));
const waitFor = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 100 && !(await check()); i++) await new Promise((r) => setTimeout(r, 20));
};

describe("paying", () => {
  it("a good card pays the order at the server's price, takes the stock and empties the cart", async () => {
    const productId = await createProduct({ priceCents: 150_00, stock: 5 });
    const user = await buyer(productId, 2);
    const result = await payWithCard(user, VISA);
    expect(result.ok).toBe(true);

    const [order] = await ordersOf(user.id);
    expect(order).toMatchObject({
      paymentStatus: "succeeded",
      itemsPriceCents: 300_00,
      shippingPriceCents: 0,
      taxPriceCents: 15_00,
      totalPriceCents: 315_00,
    });
    expect(order.paidAt).toBeInstanceOf(Date);
    const intent = await stripe().paymentIntents.retrieve(order.paymentIntentId!);
    expect(intent).toMatchObject({ status: "succeeded", amount: 315_00 });
    expect(await stockOf(productId)).toBe(3);
    expect(await cart(user.id)).toBe(0);
  });

  it("a declined card shows the provider's message and gives the stock back", async () => {
    const productId = await createProduct({ stock: 4 });
    const user = await buyer(productId, 3);
    expect(await payWithCard(user, DECLINED)).toEqual({ ok: false, message: "Your card was declined." });
    expect(await payWithCard(user, NO_FUNDS)).toEqual({ ok: false, message: "Your card has insufficient funds." });
    expect(await stockOf(productId)).toBe(4);
    expect((await ordersOf(user.id)).every((o) => o.paymentStatus === "canceled")).toBe(true);
    expect(await cart(user.id)).toBe(1);
  });
});

describe("3D Secure", () => {
  // What the buyer does on the bank's page, which then sends them back to the shop.
  const answerBank = (url: string, outcome: "complete" | "fail") =>
    fetch(url, { method: "POST", body: new URLSearchParams({ outcome }), redirect: "manual" });

  it("a card that asks for authentication is paid only once the buyer passes the bank's check", async () => {
    const productId = await createProduct({ stock: 3 });
    const user = await buyer(productId, 1);
    const result = await payWithCard(user, THREE_D_SECURE);
    if (!("authenticateAt" in result)) throw new Error(`expected a 3D Secure check, got ${JSON.stringify(result)}`);
    const [order] = await ordersOf(user.id);
    expect(order.paymentStatus).toBe("requires_payment");
    expect(await stockOf(productId)).toBe(2);

    const back = await answerBank(result.authenticateAt, "complete");
    expect(back.status).toBe(303);
    const returnUrl = new URL(back.headers.get("location")!);
    expect(returnUrl.pathname).toBe("/payment/return");
    expect(returnUrl.searchParams.get("payment_intent")).toBe(order.paymentIntentId);
    expect(await settleElementsReturn(order.paymentIntentId!, userBuyer(user))).toEqual({
      ok: true,
      orderId: order.id,
    });
    expect((await ordersOf(user.id))[0].paymentStatus).toBe("succeeded");
  });

  it("a failed check shows the bank's refusal and takes no money", async () => {
    const productId = await createProduct({ stock: 3 });
    const user = await buyer(productId, 1);
    const result = await payWithCard(user, THREE_D_SECURE);
    if (!("authenticateAt" in result)) throw new Error("expected a 3D Secure check");
    await answerBank(result.authenticateAt, "fail");
    const [order] = await ordersOf(user.id);
    const settled = await settleElementsReturn(order.paymentIntentId!, userBuyer(user));
    expect(settled).toEqual({
      ok: false,
      message: expect.stringContaining("We are unable to authenticate your payment method."),
    });
    expect((await ordersOf(user.id))[0].paymentStatus).toBe("requires_payment");
    expect((await stripe().paymentIntents.retrieve(order.paymentIntentId!)).status).toBe("requires_payment_method");
  });
});

describe("webhook", () => {
  it("rejects a wrong signature and a stale timestamp", async () => {
    const payload = JSON.stringify({
      id: "evt_1",
      object: "event",
      type: "payment_intent.succeeded",
      data: { object: { id: "pi_x" } },
    });
    const call = (signature: string) =>
      webhook({
        request: new Request("http://shop.test/webhooks/stripe", {
          method: "POST",
          body: payload,
          headers: { "Stripe-Signature": signature },
        }),
        params: {},
        context: { clientIp: "127.0.0.1" },
      });
    const wrong = Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_other" });
    expect((await call(wrong)).status).toBe(400);
    const stale = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: UNIT_WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    expect((await call(stale)).status).toBe(400);
    const good = Stripe.webhooks.generateTestHeaderString({ payload, secret: UNIT_WEBHOOK_SECRET });
    expect((await call(good)).status).toBe(200);
  });

  it("a payment confirmed only through the webhook marks the order paid, once however often it is delivered", async () => {
    // The owner hears of it too (owner-mails.server.test.ts), in the same transaction.
    await saveShopSettings({ contactEmail: "webhook-owner@example.com" });
    const productId = await createProduct({ priceCents: 20_00, stock: 3 });
    const user = await buyer(productId, 1);
    const { order, intent } = await startPayment(user);
    // The buyer's browser confirms with the provider directly (as Stripe.js would); the shop hears of it by webhook only.
    await stripe().paymentIntents.confirm(intent.id, { payment_method: "pm_card_visa" });
    await waitFor(async () => (await ordersOf(user.id))[0]?.paymentStatus === "succeeded");
    const paid = (await orderById(order.id))!;
    expect(paid.paymentStatus).toBe("succeeded");
    expect(deliveredTypes()).toContain("payment_intent.succeeded");

    for (let i = 0; i < 10; i++) await markOrderPaid(intent.id, intent.amount);
    const again = (await orderById(order.id))!;
    expect(again.paidAt?.getTime()).toBe(paid.paidAt?.getTime());
    expect(await stockOf(productId)).toBe(2);
    // The confirmation was queued in the transaction that marked it paid, once, and sent by its writer.
    await drainMails(10_000);
    expect(await outboxRow(`orderConfirmation:${order.id}`)).toMatchObject({
      attempts: 1,
      sentAt: expect.any(Date),
      payload: { buyer: { email: user.email } },
    });
    expect(await outboxRow(`newOrder:${order.id}:webhook-owner@example.com`)).toMatchObject({
      attempts: 1,
      sentAt: expect.any(Date),
      payload: { kind: "newOrder", to: "webhook-owner@example.com" },
    });
    await saveShopSettings({ contactEmail: "" });
  });

  it("once the webhook has settled a payment, the buyer's return does not ask the provider again", async () => {
    const user = await buyer(await createProduct({ stock: 3 }), 1);
    const { order, intent } = await startPayment(user);
    await stripe().paymentIntents.confirm(intent.id, { payment_method: "pm_card_visa" });
    await waitFor(async () => (await ordersOf(user.id))[0]?.paymentStatus === "succeeded");
    const retrieve = vi.spyOn(stripe().paymentIntents, "retrieve");
    try {
      expect(await settleElementsReturn(intent.id, userBuyer(user))).toEqual({ ok: true, orderId: order.id });
      expect(retrieve).not.toHaveBeenCalled();
    } finally {
      retrieve.mockRestore();
    }
  });

  it("the buyer's return while the webhook marks the payment paid waits for it instead of asking the provider", async () => {
    const user = await buyer(await createProduct({ stock: 3 }), 1);
    const { order, intent } = await startPayment(user);
    const confirmed = await stripe().paymentIntents.confirm(intent.id, { payment_method: "pm_card_visa" });
    const retrieve = vi.spyOn(stripe().paymentIntents, "retrieve");
    try {
      // As handlePaymentEvent does with the succeeded event; the return comes before it is committed.
      const byWebhook = markOrderPaid(intent.id, confirmed.amount_received);
      expect(await settleElementsReturn(intent.id, userBuyer(user))).toEqual({ ok: true, orderId: order.id });
      expect((await byWebhook)?.paymentStatus).toBe("succeeded");
      expect(retrieve).not.toHaveBeenCalled();
    } finally {
      retrieve.mockRestore();
    }
  });

  it("an amount that differs from the order's total does not mark it paid", async () => {
    const productId = await createProduct({ priceCents: 30_00, stock: 3 });
    const user = await buyer(productId, 1);
    const { order, intent } = await startPayment(user);
    expect(await markOrderPaid(intent.id, order.totalPriceCents - 1)).toBeNull();
    expect((await ordersOf(user.id))[0].paymentStatus).toBe("requires_payment");
  });
});

describe("POST /api/v1/payment/process", () => {
  it("says which product sold out since the buyer filled the cart instead of charging a new total", async () => {
    const productId = await createProduct({ name: "Last Lamp", priceCents: 30_00, stock: 2 });
    const user = await buyer(productId, 1);
    await setStock(0, productId);
    const response = await processPayment({
      request: new Request("http://shop.test/api/v1/payment/process", {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: await bearerFor(user.id) },
        body: JSON.stringify({ amount: 30_00 + 25_00 + 1_50 }),
      }),
      params: {},
      context: { clientIp: "127.0.0.1" },
    });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      success: false,
      message: "Last Lamp is out of stock and was removed from your cart.",
    });
    expect(await ordersOf(user.id)).toHaveLength(0);
  });
});

describe("startPayment's checks (the API's and the page's)", () => {
  it("refuses an amount other than the server's total and reserves nothing", async () => {
    const productId = await createProduct({ priceCents: 30_00, stock: 2 });
    const user = await buyer(productId, 1);
    await expect(startPayment(user, { amountCents: 1_00 })).rejects.toMatchObject({
      status: 400,
      message: "The amount does not match your cart's total of $56.50.",
    });
    expect(await ordersOf(user.id)).toHaveLength(0);
    expect(await stockOf(productId)).toBe(2);
  });

  it("without an amount, still says what changed in a cart whose stock ran low", async () => {
    const productId = await createProduct({ name: "Low Lamp", priceCents: 30_00, stock: 3 });
    const user = await buyer(productId, 3);
    await setStock(1, productId);
    await expect(startPayment(user)).rejects.toMatchObject({
      status: 409,
      message: "Only 1 of Low Lamp left: the quantity in your cart is now 1.",
    });
    expect(await ordersOf(user.id)).toHaveLength(0);
  });
});

describe("stock under concurrent checkouts", () => {
  it("with 2 units left and 6 buyers paying at once, exactly 2 are charged and stock ends at 0", async () => {
    const productId = await createProduct({ stock: 2 });
    const buyers = await Promise.all(Array.from({ length: 6 }, () => buyer(productId, 1)));
    const results = await Promise.allSettled(buyers.map((u) => payWithCard(u, VISA)));
    const paid = results.filter((r) => r.status === "fulfilled" && r.value.ok);
    expect(paid).toHaveLength(2);
    const refused = results.filter((r) => r.status === "rejected");
    expect(refused).toHaveLength(4);
    for (const r of refused) expect((r as PromiseRejectedResult).reason.message).toMatch(/out of stock|left in stock/);
    expect(await stockOf(productId)).toBe(0);
    // Only the two paid orders ever got an intent: nobody else could be charged.
    const intents = (await Promise.all(buyers.map((u) => ordersOf(u.id)))).flat().filter((o) => o.paymentIntentId);
    expect(intents).toHaveLength(2);
  });
});

// On PostgreSQL each call is a transaction on a connection of its own, at the same time: the row
// locks decide. On SQLite the group commit runs them one after another.
const eventsOf = (orderId: string) => db.select().from(orderStatusEvents).where(eq(orderStatusEvents.orderId, orderId));

describe("one payment settled by several workers at once", () => {
  it("is marked paid once: one status event, its stock taken once, the cart emptied", async () => {
    // Other workers: each its own copy of the settlement module (its own in-process "settling" map).
    const workers = [{ markOrderPaid }];
    for (let i = 0; i < 3; i++) {
      vi.resetModules();
      workers.push(await import("./settlement.server"));
    }
    for (let round = 0; round < 3; round++) {
      const productId = await createProduct({ stock: 3 });
      const user = await buyer(productId, 1);
      const { order, intent } = await startPayment(user);
      const confirmed = await stripe().paymentIntents.confirm(intent.id, { payment_method: "pm_card_visa" });
      // The sandbox's webhook for this payment is on its way too: it races these calls.
      const outcomes = await Promise.all(workers.map((w) => w.markOrderPaid(intent.id, confirmed.amount_received)));
      expect(outcomes.map((o) => o?.paymentStatus)).toEqual(workers.map(() => "succeeded"));
      expect(await eventsOf(order.id)).toHaveLength(1);
      expect(await stockOf(productId)).toBe(2);
      expect(await getCartCount(userCart(user.id))).toBe(0);
    }
  });

  it("a payment and the release of its reservation at once: paid with its stock, or released, never paid with its stock given back", async () => {
    for (let round = 0; round < 4; round++) {
      const productId = await createProduct({ stock: 3 });
      const user = await buyer(productId, 1);
      const { order, intent } = await startPayment(user);
      const confirmed = await stripe().paymentIntents.confirm(intent.id, { payment_method: "pm_card_visa" });
      const [paid] = await Promise.all([
        markOrderPaid(intent.id, confirmed.amount_received),
        releaseOrder(order.id, { cancelIntent: false }),
      ]);
      // Released first, the late payment takes the stock again: paid either way, one unit gone.
      expect(paid?.paymentStatus).toBe("succeeded");
      expect(await stockOf(productId)).toBe(2);
      expect(await eventsOf(order.id)).toHaveLength(1);
    }
  });
});

describe("many checkouts at once on few units", () => {
  it("never sells more than the stock, whatever order the carts name the products in; each order is paid once", async () => {
    const [lamp, vase] = [await createProduct({ stock: 3 }), await createProduct({ stock: 3 })];
    const buyers = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        // Half the carts list the lamp first, half the vase: their rows are still locked in id order.
        const [first, second] = i % 2 ? [lamp, vase] : [vase, lamp];
        const user = await buyer(first, 1);
        await setCartLine(userCart(user.id), second, 1);
        return user;
      }),
    );
    const results = await Promise.allSettled(buyers.map((u) => payWithCard(u, VISA)));
    const paid = results.filter((r) => r.status === "fulfilled" && r.value.ok);
    expect(paid).toHaveLength(3);
    expect([await stockOf(lamp), await stockOf(vase)]).toEqual([0, 0]);
    const placed = (await Promise.all(buyers.map((u) => ordersOf(u.id)))).flat();
    const succeeded = placed.filter((o) => o.paymentStatus === "succeeded");
    expect(succeeded).toHaveLength(3);
    for (const o of succeeded) expect(await eventsOf(o.id)).toHaveLength(1);
  });
});

describe("the intent made before the reservation", () => {
  it("is canceled when the stock is gone by the time the order is written, and nothing is reserved", async () => {
    const productId = await createProduct({ name: "Last Vase", stock: 1 });
    const user = await buyer(productId, 1);
    const create = stripe().paymentIntents.create.bind(stripe().paymentIntents);
    let made: Stripe.Response<Stripe.PaymentIntent> | undefined;
    const spy = vi.spyOn(stripe().paymentIntents, "create").mockImplementationOnce(async (...args) => {
      made = await create(...args);
      // Another buyer takes the last unit while the provider answers.
      await setStock(0, productId);
      return made;
    });
    try {
      await expect(startPayment(user)).rejects.toMatchObject({ status: 409, message: "Last Vase is out of stock." });
    } finally {
      spy.mockRestore();
    }
    expect(made?.metadata.userId).toBe(user.id);
    expect((await stripe().paymentIntents.retrieve(made!.id)).status).toBe("canceled");
    expect(await ordersOf(user.id)).toHaveLength(0);
    expect(await stockOf(productId)).toBe(0);
  });

  it("writes the order with its intent, for the server's total", async () => {
    const productId = await createProduct({ priceCents: 12_00, stock: 4 });
    const user = await buyer(productId, 2);
    const { order, intent } = await startPayment(user);
    expect(await ordersOf(user.id)).toEqual([
      expect.objectContaining({ id: order.id, paymentIntentId: intent.id, paymentStatus: "requires_payment" }),
    ]);
    expect(intent).toMatchObject({ amount: order.totalPriceCents, metadata: { orderId: order.id, userId: user.id } });
    expect(await stockOf(productId)).toBe(2);
  });
});

describe("reservations", () => {
  it("lapse after 15 minutes: the stock comes back and the intent is canceled", async () => {
    const productId = await createProduct({ stock: 2 });
    const user = await buyer(productId, 2);
    const { order, intent } = await startPayment(user);
    expect(await stockOf(productId)).toBe(0);
    expect(order.reservedUntil!.getTime() - order.createdAt.getTime()).toBe(RESERVATION_MS);
    const statusOf = async () => (await orderById(order.id))!.paymentStatus;
    await releaseLapsedReservations(new Date(order.reservedUntil!.getTime() - 1000));
    expect(await statusOf()).toBe("requires_payment");
    expect(await stockOf(productId)).toBe(0);
    expect(await releaseLapsedReservations(new Date(order.reservedUntil!.getTime() + 1000))).toBeGreaterThanOrEqual(1);
    expect(await stockOf(productId)).toBe(2);
    expect(await statusOf()).toBe("canceled");
    expect((await stripe().paymentIntents.retrieve(intent.id)).status).toBe("canceled");
  });

  it("a payment that succeeds after its reservation lapsed takes the stock again, or is refunded when it is gone", async () => {
    const productId = await createProduct({ stock: 1 });
    const late = await buyer(productId, 1);
    const { order, intent } = await startPayment(late);
    await releaseOrder(order.id, { cancelIntent: false });
    expect(await stockOf(productId)).toBe(1);
    const confirmed = await stripe().paymentIntents.confirm(intent.id, { payment_method: "pm_card_visa" });
    await waitFor(async () => (await ordersOf(late.id))[0]?.paymentStatus === "succeeded");
    expect(await markOrderPaid(intent.id, confirmed.amount_received)).not.toBeNull();
    expect(await stockOf(productId)).toBe(0);

    const unlucky = await buyer(await createProduct({ stock: 1 }), 1);
    const second = await startPayment(unlucky);
    await releaseOrder(second.order.id, { cancelIntent: false });
    const productOfSecond = (await orderById(second.order.id))!;
    // Someone else buys the last unit meanwhile.
    await setStock(0);
    await stripe().paymentIntents.confirm(second.intent.id, { payment_method: "pm_card_visa" });
    await waitFor(async () => (await ordersOf(unlucky.id))[0]?.paymentStatus === "refunded");
    expect((await ordersOf(unlucky.id))[0].paymentStatus).toBe("refunded");
    expect(productOfSecond.paymentStatus).toBe("canceled");
  });

  it("a late payment refunded for want of stock is told as such, to its buyer only, whichever comes first: the webhook or the return", async () => {
    const productId = await createProduct({ priceCents: 40_00, stock: 1 });
    const user = await buyer(productId, 1);
    const { order, intent } = await startPayment(user);
    await releaseOrder(order.id, { cancelIntent: false });
    await setStock(0, productId);
    await stripe().paymentIntents.confirm(intent.id, { payment_method: "pm_card_visa" });
    const refunded = {
      ok: false,
      refundedOrderId: order.id,
      message:
        "Your payment of $67.00 came after the items' reservation ran out, so we refunded it in full: it is back on your card within a few days. Nothing was ordered.",
    };
    // The buyer's return, racing the webhook, then again once the refund is recorded.
    expect(await settlePayment(intent.id)).toEqual(refunded);
    await waitFor(async () => (await ordersOf(user.id))[0]?.paymentStatus === "refunded");
    expect(await settlePayment(intent.id)).toEqual(refunded);
    expect(await lateRefundOf(order.id, userBuyer(user))).toEqual({ orderId: order.id, message: refunded.message });
    // The API's POST /order/new for that intent: 409 with the same words.
    await expect(confirmApiOrder(user, { intentId: intent.id })).rejects.toMatchObject({
      status: 409,
      message: refunded.message,
    });
    const someoneElse = await buyer(await createProduct(), 1);
    expect(await lateRefundOf(order.id, userBuyer(someoneElse))).toBeNull();
    expect(await cart(user.id)).toBe(1);
  });

  it("a payment refused for want of stock stays refused when the stock comes back before its refund is through", async () => {
    const productId = await createProduct({ stock: 1 });
    const user = await buyer(productId, 1);
    const { order, intent } = await startPayment(user);
    await releaseOrder(order.id, { cancelIntent: false });
    await setStock(0, productId);
    const refunds = vi.spyOn(stripe().refunds, "create").mockRejectedValue(new Error("provider down"));
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const paid = await stripe().paymentIntents.confirm(
        intent.id,
        { payment_method: "pm_card_visa" },
        { idempotencyKey: `late-${intent.id}` },
      );
      expect(await markOrderPaid(intent.id, paid.amount_received)).toBeNull();
      // Restocked before the refund could be made: another call (the webhook, another worker) still refuses.
      await setStock(5, productId);
      expect(await markOrderPaid(intent.id, paid.amount_received)).toBeNull();
    } finally {
      refunds.mockRestore();
      logged.mockRestore();
    }
    expect(await stockOf(productId)).toBe(5);
    expect((await ordersOf(user.id))[0].paymentStatus).toBe("canceled");
    expect((await lateRefundOf(order.id, userBuyer(user)))?.message).toMatch(
      /, so we are refunding it in full: it will be back on your card within a few days\. Nothing was ordered\.$/,
    );
    await refundUnfulfillable(intent.id);
    expect((await ordersOf(user.id))[0].paymentStatus).toBe("refunded");
  });
});

describe("Stripe Checkout (real keys, no JavaScript)", () => {
  // What the buyer does on the hosted payment page.
  const payOnHostedPage = (url: string, number: string) =>
    fetch(url, {
      method: "POST",
      body: new URLSearchParams({ number, expiry: "12/34", cvc: "123" }),
      redirect: "manual",
    });
  const orderOf = async (userId: string) => (await ordersOf(userId)).find((o) => o.checkoutSessionId)!;

  it("charges the server's total, and the webhook alone marks the order paid; the return then finds it paid", async () => {
    const productId = await createProduct({ priceCents: 40_00, stock: 5 });
    const user = await buyer(productId, 2);
    const now = new Date();
    const url = await startCheckout(user, now);
    const order = await orderOf(user.id);
    expect(await stockOf(productId)).toBe(3);
    expect(order.reservedUntil!.getTime() - now.getTime()).toBeGreaterThan(CHECKOUT_SESSION_MS);
    const session = await stripe().checkout.sessions.retrieve(order.checkoutSessionId!);
    // $80 + $25 shipping + $4 tax, as Stripe will show and charge it.
    expect(session).toMatchObject({ amount_total: 109_00, status: "open", metadata: { orderId: order.id } });
    expect(order.totalPriceCents).toBe(109_00);

    const paid = await payOnHostedPage(url, "4242424242424242");
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toMatch(new RegExp(`/payment/return\\?session_id=${session.id}$`));
    await waitFor(async () => (await orderOf(user.id)).paymentStatus === "succeeded");
    expect(deliveredTypes()).toContain("checkout.session.completed");
    const settled = await orderOf(user.id);
    expect(settled).toMatchObject({ paymentStatus: "succeeded", paymentIntentId: expect.stringMatching(/^pi_/) });

    expect(await settleCheckoutReturn(session.id, userBuyer(user))).toEqual({ ok: true, orderId: order.id });
    expect(await settleElementsReturn(settled.paymentIntentId!, userBuyer(user))).toEqual({
      ok: true,
      orderId: order.id,
    });
    expect((await orderOf(user.id)).paidAt?.getTime()).toBe(settled.paidAt?.getTime());
    expect(await stockOf(productId)).toBe(3);
    expect(await cart(user.id)).toBe(0);

    const stranger = await buyer(productId, 1);
    expect(await settleCheckoutReturn(session.id, userBuyer(stranger))).toBeNull();
    expect(await settleElementsReturn(settled.paymentIntentId!, userBuyer(stranger))).toBeNull();
  });

  it("with VAT-inclusive prices charges the items and shipping, the VAT being in them already", async () => {
    await saveShopSettings({ pricesIncludeTax: true });
    try {
      const productId = await createProduct({ priceCents: 105_00, stock: 5 });
      const user = await buyer(productId, 1);
      await startCheckout(user);
      const order = await orderOf(user.id);
      const session = await stripe().checkout.sessions.retrieve(order.checkoutSessionId!);
      // $105 including 5% tax ($5), + $25 shipping: $130, with no tax line added on top.
      expect(order).toMatchObject({ taxPriceCents: 5_00, taxIncluded: true, totalPriceCents: 130_00 });
      expect(session).toMatchObject({ amount_total: 130_00 });
    } finally {
      await saveShopSettings({ pricesIncludeTax: false });
    }
  });

  it("a declined card stays on the payment page; starting again expires the old session and returns its stock", async () => {
    const productId = await createProduct({ stock: 3 });
    const user = await buyer(productId, 2);
    const firstUrl = await startCheckout(user);
    const first = await orderOf(user.id);
    const declined = await payOnHostedPage(firstUrl, "4000000000000002");
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain("Your card was declined.");
    expect(await settleCheckoutReturn(first.checkoutSessionId!, userBuyer(user))).toEqual({
      ok: false,
      message: "There is some issue while payment processing",
    });
    expect(await stockOf(productId)).toBe(1);

    await startCheckout(user);
    expect(await stockOf(productId)).toBe(1);
    expect((await orderById(first.id))!.paymentStatus).toBe("canceled");
    expect((await stripe().checkout.sessions.retrieve(first.checkoutSessionId!)).status).toBe("expired");
    expect((await payOnHostedPage(firstUrl, "4242424242424242")).status).toBe(410);
  });

  it("a session that expires at Stripe gives the stock back through its webhook", async () => {
    const productId = await createProduct({ stock: 2 });
    const user = await buyer(productId, 2);
    await startCheckout(user);
    const order = await orderOf(user.id);
    expect(await stockOf(productId)).toBe(0);
    await stripe().checkout.sessions.expire(order.checkoutSessionId!);
    await waitFor(async () => (await stockOf(productId)) === 2);
    expect(await stockOf(productId)).toBe(2);
    expect((await orderOf(user.id)).paymentStatus).toBe("canceled");
  });
});

describe("the books of paid orders", () => {
  it("an order keeps the currency and locale it was priced and paid in, whatever the shop's become", async () => {
    const productId = await createProduct({ priceCents: 100_00, stock: 5 });
    const before = await buyer(productId, 1);
    expect((await payWithCard(before, VISA)).ok).toBe(true);
    await saveShopSettings({ currency: "EUR", locale: "de-DE" });
    try {
      const after = await buyer(productId, 1);
      expect((await payWithCard(after, VISA)).ok).toBe(true);
      const [usd] = await ordersOf(before.id);
      const [eur] = await ordersOf(after.id);
      expect(usd).toMatchObject({ currency: "USD", locale: "en-US", paymentStatus: "succeeded" });
      expect(eur).toMatchObject({ currency: "EUR", locale: "de-DE", paymentStatus: "succeeded" });
      expect((await stripe().paymentIntents.retrieve(eur.paymentIntentId!)).currency).toBe("eur");
    } finally {
      await saveShopSettings({ currency: "USD", locale: "en-US" });
    }
  });

  it("numbers paid orders for their invoices in sequence, without gaps or repeats, however many pay at once", async () => {
    const productId = await createProduct({ stock: 20 });
    const buyers = await Promise.all(Array.from({ length: 5 }, () => buyer(productId, 1)));
    const unpaid = await buyer(productId, 1);
    await startPayment(unpaid);
    const results = await Promise.all(buyers.map((u) => payWithCard(u, VISA)));
    expect(results.every((r) => r.ok)).toBe(true);
    const mine = (await Promise.all(buyers.map((u) => ordersOf(u.id)))).flat();
    expect(mine.every((o) => o.invoiceNumber !== null)).toBe(true);
    // Every paid order of the shop (those of other tests too) has its own number, from 1 up.
    const numbers = (await db.select({ n: orders.invoiceNumber }).from(orders))
      .map((row) => row.n)
      .filter((n): n is number => n !== null)
      .sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    const paidCount = (await db.select({ paidAt: orders.paidAt }).from(orders)).filter((o) => o.paidAt).length;
    expect(numbers).toHaveLength(paidCount);
    expect((await ordersOf(unpaid.id))[0].invoiceNumber).toBeNull();
  });

  it("charges the tax on shipping too when the shop says so (EU VAT), and says so", async () => {
    const productId = await createProduct({ priceCents: 100_00, stock: 5 });
    await saveShopSettings({ taxOnShipping: true });
    try {
      const user = await buyer(productId, 1);
      expect((await payWithCard(user, VISA)).ok).toBe(true);
      const [order] = await ordersOf(user.id);
      // The specification's rules: $25 shipping under $200, 5% tax, here on $125.
      expect(order).toMatchObject({
        itemsPriceCents: 100_00,
        shippingPriceCents: 25_00,
        taxPriceCents: 6_25,
        totalPriceCents: 131_25,
        taxOnShipping: true,
      });
    } finally {
      await saveShopSettings({ taxOnShipping: false });
    }
  });
});
