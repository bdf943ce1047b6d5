import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "~/db/client.server";
import { orderLines, orders } from "~/db/schema";
import { linesRefundCents, PROVIDER_REFUND_REASON } from "~/lib/refunds";
import { updateOrderStatus } from "./admin-orders.server";
import { setCartLine, userCart } from "~/models/cart";
import { payWithCard, startPayment, stripe, markOrderPaid } from "~/models/checkout";
import { dailyRevenue, dashboardTotals } from "~/models/reports";
import { drainMails, outboxRow } from "~/models/mail";
import { saveShippingInfo } from "~/models/pricing";
import { getUserById } from "~/models/accounts";
import { SHIPPING } from "../../../tests/unit/buying";
import { useSandboxWithWebhook } from "../../../tests/unit/stripe-relay";
import { createProduct, createUser, stockOf } from "../../../tests/unit/fixtures";
import { cancelOrder, recordProviderRefunds, refundOrder, refundsOf, type RefundRequest } from "./refunds.server";

// Refunds through the payment sandbox, whose signed events (charge.refunded among them) reach the
// real webhook route through a relay (tests/unit/stripe-relay.ts).
const VISA = { number: "4242424242424242", expMonth: 12, expYear: 2099, cvc: "123" };

/** The events the webhook route has answered: their type and the payment they are about. */
const { handled } = useSandboxWithWebhook();
let admin: { id: string; name: string };

beforeAll(async () => {
  admin = { id: await createUser("Ada Admin", "admin"), name: "Ada Admin" };
});

const until = async (what: string, check: () => Promise<boolean>) => {
  for (let i = 0; i < 250; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
};
const eventHandled = (type: string, intent: string, times = 1) =>
  until(type, async () => handled.filter((e) => e.type === type && e.intent === intent).length >= times);

const orderById = async (id: string) => (await db.select().from(orders).where(eq(orders.id, id)))[0];
const linesOf = (orderId: string) => db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
const atSandbox = async (intentId: string) => (await stripe().refunds.list({ payment_intent: intentId })).data;

/** A buyer whose cart holds, for each price, that many units of a new product (5 in stock). */
async function buyerOf(items: { priceCents: number; quantity: number }[]) {
  const userId = await createUser("Bea Buyer");
  await saveShippingInfo(userId, SHIPPING);
  const productIds: string[] = [];
  for (const { priceCents, quantity } of items) {
    const productId = await createProduct({ priceCents, stock: 5 });
    await setCartLine(userCart(userId), productId, quantity);
    productIds.push(productId);
  }
  return { user: (await getUserById(userId))!, productIds };
}

/** Two lamps at $40 and a vase at $20, paid by card: $100 of items, $25 shipping, $5 tax. */
async function paidOrder() {
  const { user, productIds } = await buyerOf([
    { priceCents: 40_00, quantity: 2 },
    { priceCents: 20_00, quantity: 1 },
  ]);
  expect(await payWithCard(user, VISA)).toMatchObject({ ok: true });
  const [order] = await db.select().from(orders).where(eq(orders.userId, user.id));
  const lines = await linesOf(order.id);
  const [lamp, vase] = productIds.map((id) => lines.find((l) => l.productId === id)!);
  return { order, user, lamp, vase, productIds, intentId: order.paymentIntentId! };
}

let keys = 0;
const ask = (orderId: string, over: Partial<RefundRequest> = {}): RefundRequest => ({
  orderId,
  lines: [],
  amountCents: null,
  reason: "Damaged in transit",
  restock: false,
  requestKey: `key-${++keys}`,
  actor: admin,
  ...over,
});

describe("refundOrder", () => {
  it("refunds items at their share of what was paid, back in stock when asked, and mails the buyer", async () => {
    const { order, user, lamp, vase, productIds, intentId } = await paidOrder();
    expect(order).toMatchObject({ itemsPriceCents: 100_00, shippingPriceCents: 25_00, totalPriceCents: 130_00 });
    expect(await stockOf(productIds[0])).toBe(3);

    // One lamp of two: $40 of $100 of items, of the $105 paid for them (tax in, shipping not).
    const { refund, replayed } = await refundOrder(
      ask(order.id, { lines: [{ lineId: lamp.id, quantity: 1 }], restock: true }),
    );
    expect(replayed).toBe(false);
    expect(linesRefundCents(order, [{ priceCents: 40_00, quantity: 1 }])).toBe(42_00);
    expect(refund).toMatchObject({
      amountCents: 42_00,
      status: "succeeded",
      source: "shop",
      restock: true,
      providerRefundId: expect.stringMatching(/^re_/),
      createdBy: admin.id,
      createdByName: admin.name,
      settledAt: expect.any(Date),
    });
    expect((await orderById(order.id)).refundedCents).toBe(42_00);
    expect(await stockOf(productIds[0])).toBe(4);
    expect((await atSandbox(intentId)).map((r) => [r.id, r.amount])).toEqual([[refund.providerRefundId, 42_00]]);

    // The vase, kept out of stock (it came back broken).
    const second = (await refundOrder(ask(order.id, { lines: [{ lineId: vase.id, quantity: 1 }], restock: false })))
      .refund;
    expect(second).toMatchObject({ amountCents: 21_00, status: "succeeded", restock: false });
    expect(await stockOf(productIds[1])).toBe(4);
    expect((await orderById(order.id)).refundedCents).toBe(63_00);
    expect(await atSandbox(intentId)).toHaveLength(2);
    expect((await refundsOf(order.id)).map((r) => r.lines)).toEqual([
      [{ orderLineId: lamp.id, quantity: 1 }],
      [{ orderLineId: vase.id, quantity: 1 }],
    ]);

    await drainMails(10_000);
    expect(await outboxRow(`refund:${refund.id}`)).toMatchObject({
      sentAt: expect.any(Date),
      payload: {
        kind: "refund",
        buyer: { email: user.email },
        refund: { orderId: order.id, amountCents: 42_00, refundedCents: 42_00, totalCents: 130_00, cancelled: false },
      },
    });
    expect(await outboxRow(`refund:${second.id}`)).toMatchObject({ payload: { refund: { refundedCents: 63_00 } } });
    // The provider's webhooks for these refunds change nothing more.
    await eventHandled("charge.refunded", intentId, 2);
    expect((await orderById(order.id)).refundedCents).toBe(63_00);
  });

  it("refunds an amount, never more than is left, only of a paid order, and no item more often than it was bought", async () => {
    const { order, user, lamp } = await paidOrder();
    const byAmount = await refundOrder(ask(order.id, { amountCents: 10_00, restock: true }));
    expect(byAmount.refund).toMatchObject({ amountCents: 10_00, status: "succeeded", restock: false });
    await expect(refundOrder(ask(order.id, { amountCents: 120_01 }))).rejects.toMatchObject({
      status: 409,
      field: "amount",
      message: "You can refund at most $120.00 of this order.",
    });
    await expect(refundOrder(ask(order.id, { amountCents: 0 }))).rejects.toMatchObject({ status: 400 });

    await refundOrder(ask(order.id, { lines: [{ lineId: lamp.id, quantity: 1 }] }));
    await expect(refundOrder(ask(order.id, { lines: [{ lineId: lamp.id, quantity: 2 }] }))).rejects.toMatchObject({
      status: 409,
      field: "lines",
      message: `Only 1 of ${lamp.name} can still be refunded.`,
    });
    await refundOrder(ask(order.id, { lines: [{ lineId: lamp.id, quantity: 1 }] }));
    await expect(refundOrder(ask(order.id, { lines: [{ lineId: lamp.id, quantity: 1 }] }))).rejects.toMatchObject({
      status: 409,
      message: `${lamp.name} was refunded already.`,
    });
    expect((await orderById(order.id)).refundedCents).toBe(10_00 + 42_00 + 42_00);

    // A checkout not paid yet.
    await setCartLine(userCart(user.id), lamp.productId!, 1);
    const unpaid = (await startPayment(user)).order;
    await expect(refundOrder(ask(unpaid.id, { amountCents: 1_00 }))).rejects.toMatchObject({
      status: 409,
      message: "Only a paid order can be refunded.",
    });
    expect(await refundsOf(unpaid.id)).toEqual([]);
  });
});

describe("one refund, asked for twice or with another at once", () => {
  it("the same request key makes one refund, whether sent again later or twice at once", async () => {
    const { order, intentId } = await paidOrder();
    const first = await refundOrder(ask(order.id, { amountCents: 30_00, requestKey: "form-1" }));
    const again = await refundOrder(ask(order.id, { amountCents: 30_00, requestKey: "form-1" }));
    expect(again).toEqual({ refund: first.refund, replayed: true });

    // A double click on "refund the rest": the second is told of the first's refund, not refused.
    const both = await Promise.all(
      [0, 1].map(() => refundOrder(ask(order.id, { amountCents: 100_00, requestKey: "form-2" }))),
    );
    expect(both.map((b) => b.replayed).sort()).toEqual([false, true]);
    expect(both[0].refund.id).toBe(both[1].refund.id);
    expect((await atSandbox(intentId)).map((r) => r.amount).sort((a, b) => a - b)).toEqual([30_00, 100_00]);
    expect((await orderById(order.id)).refundedCents).toBe(130_00);
  });

  it("the same key with other items, another amount or other restocking is a 409 that says so; the same request still replays", async () => {
    const { order, lamp, vase, intentId } = await paidOrder();
    // One lamp and the vase, back in stock.
    const request = (over: Partial<RefundRequest> = {}) =>
      ask(order.id, {
        lines: [
          { lineId: lamp.id, quantity: 1 },
          { lineId: vase.id, quantity: 1 },
        ],
        restock: true,
        requestKey: "form-3",
        ...over,
      });
    const first = await refundOrder(request());
    const reused = { status: 409, field: "key", message: expect.stringMatching(/used for another refund request/) };
    for (const other of [
      { lines: [{ lineId: lamp.id, quantity: 2 }] },
      { lines: [{ lineId: lamp.id, quantity: 1 }] },
      { lines: [] as RefundRequest["lines"], amountCents: first.refund.amountCents },
      { amountCents: first.refund.amountCents - 1 },
      { restock: false },
    ])
      await expect(refundOrder(request(other))).rejects.toMatchObject(reused);
    // The same items in another order, one named twice, the amount they came to: the same request.
    const again = await refundOrder(
      request({
        lines: [
          { lineId: vase.id, quantity: 1 },
          { lineId: lamp.id, quantity: 0 },
          { lineId: lamp.id, quantity: 1 },
        ],
        amountCents: first.refund.amountCents,
      }),
    );
    expect(again).toEqual({ refund: first.refund, replayed: true });
    expect(await atSandbox(intentId)).toHaveLength(1);
  });

  it("two refunds of one order at once never go back beyond what was paid", async () => {
    const { order, intentId } = await paidOrder();
    const outcomes = await Promise.allSettled(
      [70_00, 80_00].map((amountCents) => refundOrder(ask(order.id, { amountCents }))),
    );
    const done = outcomes.filter((o) => o.status === "fulfilled");
    const refused = outcomes.filter((o) => o.status === "rejected");
    expect(done).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0].reason).toMatchObject({ status: 409, field: "amount" });
    const refunded = (await orderById(order.id)).refundedCents;
    expect([70_00, 80_00]).toContain(refunded);
    expect(done[0].value.refund.amountCents).toBe(refunded);
    expect(await atSandbox(intentId)).toHaveLength(1);
  });
});

describe("refunds and the order's fulfilment", () => {
  it("a full refund and shipping at once: never shipped once the refund is asked for", async () => {
    // Shipping asked for at once, or a little after the refund: either may commit first.
    for (const delayMs of [null, 0, 5, 20, 60]) {
      const { order } = await paidOrder();
      const ship = () => updateOrderStatus(order.id, "Shipped");
      const [refund, shipped] = await Promise.allSettled([
        refundOrder(ask(order.id, { amountCents: order.totalPriceCents })),
        delayMs === null ? ship() : new Promise((r) => setTimeout(r, delayMs)).then(ship),
      ]);
      // A shipped order may still be refunded in full (sent back); a refunded one is not shipped.
      expect(refund.status).toBe("fulfilled");
      const after = await orderById(order.id);
      expect(after.refundedCents).toBe(order.totalPriceCents);
      if (shipped.status === "rejected") {
        expect(shipped.reason).toMatchObject({ status: 409, message: expect.stringContaining("refunded in full") });
        expect(after.orderStatus).toBe("Processing");
      } else expect(after.orderStatus).toBe("Shipped");
    }
  });

  it("an order is not shipped while its full refund is with the provider, nor once refunded, unpaid or cancelled", async () => {
    const { order } = await paidOrder();
    let answer!: () => void;
    const providerAnswers = new Promise<void>((r) => (answer = r));
    const create = stripe().refunds.create.bind(stripe().refunds);
    const slow = vi.spyOn(stripe().refunds, "create").mockImplementationOnce(async (...args) => {
      await providerAnswers;
      return create(...args);
    });
    try {
      const refunding = refundOrder(ask(order.id, { amountCents: order.totalPriceCents }));
      await until("the pending refund", async () => (await refundsOf(order.id))[0]?.status === "pending");
      await expect(updateOrderStatus(order.id, "Shipped")).rejects.toMatchObject({
        status: 409,
        message: "This order was refunded in full: it cannot be shipped.",
      });
      answer();
      expect((await refunding).refund.status).toBe("succeeded");
    } finally {
      slow.mockRestore();
    }
    await expect(updateOrderStatus(order.id, "Delivered")).rejects.toMatchObject({ status: 409 });
    expect((await orderById(order.id)).orderStatus).toBe("Processing");

    const { user } = await buyerOf([{ priceCents: 10_00, quantity: 1 }]);
    const unpaid = (await startPayment(user)).order;
    await expect(updateOrderStatus(unpaid.id, "Shipped")).rejects.toMatchObject({
      status: 409,
      message: "This order is not paid: it cannot be shipped.",
    });
    await cancelOrder(unpaid.id, { reason: "Asked by the buyer", actor: admin });
    await expect(updateOrderStatus(unpaid.id, "Shipped")).rejects.toMatchObject({
      status: 409,
      message: "This order was cancelled: its status cannot change.",
    });
  });
});

describe("cancelOrder", () => {
  it("an unpaid order: its payment canceled and its stock back, nothing refunded", async () => {
    const { user, productIds } = await buyerOf([{ priceCents: 25_00, quantity: 2 }]);
    const { order, intent } = await startPayment(user);
    expect(await stockOf(productIds[0])).toBe(3);
    expect(await cancelOrder(order.id, { reason: "Asked by the buyer", actor: admin })).toEqual({
      cancelled: true,
      refund: null,
    });
    expect(await orderById(order.id)).toMatchObject({ paymentStatus: "canceled", cancelledAt: expect.any(Date) });
    expect(await stockOf(productIds[0])).toBe(5);
    expect((await stripe().paymentIntents.retrieve(intent.id)).status).toBe("canceled");
    expect(await refundsOf(order.id)).toEqual([]);
  });

  it("a paid order: what is left refunded with every item back in stock, once however often it is cancelled", async () => {
    const { order, user, lamp, vase, productIds, intentId } = await paidOrder();
    await refundOrder(ask(order.id, { lines: [{ lineId: lamp.id, quantity: 1 }], restock: false }));
    const { cancelled, refund } = await cancelOrder(order.id, { reason: "Out of stock", actor: admin });
    expect(cancelled).toBe(true);
    expect(refund).toMatchObject({ amountCents: 130_00 - 42_00, status: "succeeded", restock: true });
    const lines = (await refundsOf(order.id)).at(-1)!.lines;
    expect(new Map(lines.map((l) => [l.orderLineId, l.quantity]))).toEqual(
      new Map([
        [lamp.id, 1],
        [vase.id, 1],
      ]),
    );
    expect(await orderById(order.id)).toMatchObject({ refundedCents: 130_00, cancelledAt: expect.any(Date) });
    // The lamp refunded earlier without restock stays out; the other lamp and the vase are back.
    expect([await stockOf(productIds[0]), await stockOf(productIds[1])]).toEqual([4, 5]);
    expect((await atSandbox(intentId)).reduce((sum, r) => sum + r.amount, 0)).toBe(130_00);
    expect(await outboxRow(`refund:${refund!.id}`)).toMatchObject({
      payload: { buyer: { email: user.email }, refund: { cancelled: true, amountCents: 88_00, refundedCents: 130_00 } },
    });

    expect(await cancelOrder(order.id, { reason: "Again", actor: admin })).toEqual({ cancelled: false, refund: null });
    expect(await refundsOf(order.id)).toHaveLength(2);
    expect((await orderById(order.id)).refundedCents).toBe(130_00);
    expect([await stockOf(productIds[0]), await stockOf(productIds[1])]).toEqual([4, 5]);
  });

  it("a refund the provider could not make is made when the order is cancelled again", async () => {
    const { order } = await paidOrder();
    const down = vi.spyOn(stripe().refunds, "create").mockRejectedValueOnce(new Error("provider down"));
    try {
      await expect(cancelOrder(order.id, { reason: "Out of stock", actor: admin })).rejects.toThrow("provider down");
    } finally {
      down.mockRestore();
    }
    expect(await refundsOf(order.id)).toMatchObject([{ status: "failed" }]);
    expect(await orderById(order.id)).toMatchObject({ refundedCents: 0, cancelledAt: expect.any(Date) });
    const retried = await cancelOrder(order.id, { reason: "Out of stock", actor: admin });
    expect(retried).toMatchObject({ cancelled: false, refund: { status: "succeeded", amountCents: 130_00 } });
    expect((await orderById(order.id)).refundedCents).toBe(130_00);
  });

  it("a shipped order is refunded, not cancelled", async () => {
    const { order } = await paidOrder();
    await updateOrderStatus(order.id, "Shipped");
    await expect(cancelOrder(order.id, { reason: "Too late", actor: admin })).rejects.toMatchObject({
      status: 409,
      message: "This order is Shipped: refund it instead of cancelling it.",
    });
    expect(await orderById(order.id)).toMatchObject({ cancelledAt: null, refundedCents: 0 });
  });

  it("a payment that arrives for a cancelled order is not taken but refunded", async () => {
    const { user, productIds } = await buyerOf([{ priceCents: 25_00, quantity: 1 }]);
    const { order, intent } = await startPayment(user);
    // The provider cannot be reached to cancel the payment: the buyer pays it all the same.
    const cancel = vi.spyOn(stripe().paymentIntents, "cancel").mockRejectedValueOnce(new Error("provider down"));
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      await cancelOrder(order.id, { reason: "Asked by the buyer", actor: admin });
    } finally {
      cancel.mockRestore();
      logged.mockRestore();
    }
    const paid = await stripe().paymentIntents.confirm(intent.id, { payment_method: "pm_card_visa" });
    expect(await markOrderPaid(intent.id, paid.amount_received)).toBeNull();
    await until("the refund", async () => (await orderById(order.id)).paymentStatus === "refunded");
    await eventHandled("charge.refunded", intent.id);
    expect(await orderById(order.id)).toMatchObject({ refundedCents: order.totalPriceCents, paidAt: null });
    expect(await refundsOf(order.id)).toMatchObject([
      {
        amountCents: order.totalPriceCents,
        status: "succeeded",
        source: "shop",
        reason: "The order was cancelled before its payment arrived.",
      },
    ]);
    expect((await atSandbox(intent.id)).map((r) => r.amount)).toEqual([order.totalPriceCents]);
    expect(await stockOf(productIds[0])).toBe(5);
  });
});

describe("refunds made in the provider's dashboard", () => {
  it("are recorded once, from the webhook or any later call", async () => {
    const { order, user, intentId } = await paidOrder();
    const made = await stripe().refunds.create({ payment_intent: intentId, amount: 15_00 });
    const counted = await Promise.all([recordProviderRefunds(intentId), recordProviderRefunds(intentId)]);
    await eventHandled("charge.refunded", intentId);
    expect(await recordProviderRefunds(intentId)).toBe(0);
    expect(counted.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1);

    const [recorded, ...more] = await refundsOf(order.id);
    expect(more).toEqual([]);
    expect(recorded).toMatchObject({
      amountCents: 15_00,
      source: "provider",
      status: "succeeded",
      providerRefundId: made.id,
      reason: PROVIDER_REFUND_REASON,
      restock: false,
      createdBy: null,
      lines: [],
    });
    expect((await orderById(order.id)).refundedCents).toBe(15_00);
    expect(await outboxRow(`refund:${recorded.id}`)).toMatchObject({ payload: { buyer: { email: user.email } } });

    // The shop's own refund after it: settled once too, its webhook racing the call.
    const own = (await refundOrder(ask(order.id, { amountCents: 5_00 }))).refund;
    expect(await recordProviderRefunds(intentId)).toBe(0);
    expect((await refundsOf(order.id)).map((r) => r.id)).toEqual([recorded.id, own.id]);
    expect((await orderById(order.id)).refundedCents).toBe(20_00);
  });
});

describe("revenue", () => {
  it("the dashboard's total and today's revenue are net of refunds", async () => {
    const today = async () => (await dailyRevenue(1))[0].cents;
    const [totalBefore, todayBefore] = [(await dashboardTotals()).revenue[0].cents, await today()];
    const { order, intentId } = await paidOrder();
    expect((await dashboardTotals()).revenue[0].cents).toBe(totalBefore + 130_00);
    expect(await today()).toBe(todayBefore + 130_00);

    await refundOrder(ask(order.id, { amountCents: 30_00 }));
    await stripe().refunds.create({ payment_intent: intentId, amount: 7_00 });
    await recordProviderRefunds(intentId);
    expect((await dashboardTotals()).revenue[0].cents).toBe(totalBefore + 130_00 - 37_00);
    expect(await today()).toBe(todayBefore + 130_00 - 37_00);
    await eventHandled("charge.refunded", intentId);
    expect((await dashboardTotals()).revenue[0].cents).toBe(totalBefore + 93_00);
  });
});
