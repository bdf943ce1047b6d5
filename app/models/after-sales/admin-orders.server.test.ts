import { asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { commitTogether } from "~/db/commit.server";
import { mailOutbox, orderLines, orders, users } from "~/db/schema";
import type { OrderSort } from "~/lib/admin-sorts";
import { FULFILMENT, PAYMENT, UnconfirmedStepBackError, type PaymentStatus } from "~/lib/order-states";
import { PublicError } from "~/lib/public-error";
import { clearOrders, createOrder, createProduct, createUser, stockOf, tableQuery } from "../../../tests/unit/fixtures";
import {
  deleteOrder,
  statusHistory,
  totalPaidCents,
  updateOrderStatus,
  updateOrdersStatus,
} from "./admin-orders.server";
import { drainMails, composeJob, type MailJob } from "~/models/mail";
import { getOrder, listOrders, type OrderListQuery } from "~/models/orders";

// The mails queued in the mail outbox since the last clearMails, composed, in the order queued.
const composedMails = async () =>
  Promise.all(
    (await db.select().from(mailOutbox).orderBy(asc(mailOutbox.id))).map((row) => composeJob(row.payload as MailJob)),
  );
async function clearMails() {
  await drainMails(10_000);
  await commitTogether((tx) => tx.delete(mailOutbox));
}

const at = (minute: number) => new Date(Date.UTC(2026, 1, 1, 12, minute));
const notFound = expect.objectContaining({ constructor: PublicError, message: "Order not found", status: 404 });

beforeEach(async () => {
  await clearOrders();
  await clearMails();
});

describe("setting an order's status", () => {
  it("records each change with its time, in order, and sets deliveredAt only while Delivered", async () => {
    const order = await createOrder();
    await updateOrderStatus(order.id, FULFILMENT.shipped, { now: at(1) });
    expect(await getOrder(order.id)).toMatchObject({ orderStatus: "Shipped", deliveredAt: null });

    await updateOrderStatus(order.id, FULFILMENT.delivered, { now: at(2) });
    expect(await getOrder(order.id)).toMatchObject({ orderStatus: "Delivered", deliveredAt: at(2) });

    await updateOrderStatus(order.id, FULFILMENT.processing, { confirmBackward: true, now: at(3) });
    expect(await getOrder(order.id)).toMatchObject({ orderStatus: "Processing", deliveredAt: null });

    expect(await statusHistory(order.id)).toEqual([
      { status: "Shipped", at: at(1) },
      { status: "Delivered", at: at(2) },
      { status: "Processing", at: at(3) },
    ]);
  });

  it("setting the status it already has records nothing", async () => {
    const order = await createOrder();
    await updateOrderStatus(order.id, FULFILMENT.delivered, { now: at(1) });
    await updateOrderStatus(order.id, FULFILMENT.delivered, { now: at(5) });
    expect((await getOrder(order.id))?.deliveredAt).toEqual(at(1));
    expect(await statusHistory(order.id)).toEqual([{ status: "Delivered", at: at(1) }]);
    await updateOrderStatus((await createOrder()).id, FULFILMENT.processing, { now: at(2) });
    expect(await statusHistory(order.id)).toHaveLength(1);
  });

  it("keeps each order's history apart", async () => {
    const [a, b] = [await createOrder(), await createOrder()];
    await updateOrderStatus(a.id, FULFILMENT.shipped, { now: at(1) });
    await updateOrderStatus(b.id, FULFILMENT.delivered, { now: at(2) });
    expect(await statusHistory(a.id)).toEqual([{ status: "Shipped", at: at(1) }]);
    expect(await statusHistory(b.id)).toEqual([{ status: "Delivered", at: at(2) }]);
    expect(await statusHistory("no-such-order")).toEqual([]);
  });

  it("refuses an unknown order with a 404", async () => {
    await expect(updateOrderStatus("no-such-order", FULFILMENT.shipped)).rejects.toThrow(notFound);
  });

  it("never touches stock", async () => {
    const productId = await createProduct({ stock: 4 });
    const order = await createOrder({ lines: [{ productId, quantity: 3 }] });
    for (const status of [FULFILMENT.shipped, FULFILMENT.delivered, FULFILMENT.processing]) {
      await updateOrderStatus(order.id, status, { confirmBackward: true });
      expect(await stockOf(productId)).toBe(4);
    }
  });
});

describe("moving an order along its statuses", () => {
  it("answers how the order moved: forward (skipping one too), none for the same status, back when confirmed", async () => {
    const order = await createOrder();
    expect(await updateOrderStatus(order.id, FULFILMENT.delivered, { now: at(1) })).toBe("forward");
    expect(await updateOrderStatus(order.id, FULFILMENT.delivered, { now: at(2) })).toBe("none");
    expect(await updateOrderStatus(order.id, FULFILMENT.shipped, { confirmBackward: true, now: at(3) })).toBe("back");
    expect(await updateOrderStatus(order.id, FULFILMENT.delivered, { now: at(4) })).toBe("forward");
    expect((await statusHistory(order.id)).map((event) => event.status)).toEqual(["Delivered", "Shipped", "Delivered"]);
  });

  it("refuses a step back without confirmation with a 409 that says how to go back, and changes nothing", async () => {
    const order = await createOrder();
    await updateOrderStatus(order.id, FULFILMENT.delivered, { now: at(1) });
    for (const status of [FULFILMENT.shipped, FULFILMENT.processing]) {
      const refused = updateOrderStatus(order.id, status, { now: at(2) });
      await expect(refused).rejects.toThrow(UnconfirmedStepBackError);
      await expect(refused).rejects.toMatchObject({
        status: 409,
        field: "status",
        from: "Delivered",
        to: status,
        message: `This order is Delivered. Moving it back to ${status} needs a confirmation; the buyer gets no mail about it.`,
      });
    }
    await expect(updateOrderStatus(order.id, FULFILMENT.shipped, { confirmBackward: false })).rejects.toThrow(
      UnconfirmedStepBackError,
    );
    expect(await getOrder(order.id)).toMatchObject({ orderStatus: "Delivered", deliveredAt: at(1) });
    expect(await statusHistory(order.id)).toEqual([{ status: "Delivered", at: at(1) }]);
  });

  it("a confirmation changes nothing about a step forward or the same status", async () => {
    const order = await createOrder();
    expect(await updateOrderStatus(order.id, FULFILMENT.shipped, { confirmBackward: true })).toBe("forward");
    expect(await updateOrderStatus(order.id, FULFILMENT.shipped, { confirmBackward: true })).toBe("none");
    expect(await statusHistory(order.id)).toHaveLength(1);
  });
});

describe("mails about an order's status", () => {
  it("tell the buyer of each step forward to Shipped or Delivered, once each, never of the same status or a step back", async () => {
    const buyerId = await createUser("Mail Buyer");
    const order = await createOrder({ userId: buyerId });
    await updateOrderStatus(order.id, FULFILMENT.shipped, { now: at(1) });
    await updateOrderStatus(order.id, FULFILMENT.shipped, { now: at(2) }); // no change: no mail
    await updateOrderStatus(order.id, FULFILMENT.delivered, { now: at(3) });
    await updateOrderStatus(order.id, FULFILMENT.shipped, { confirmBackward: true, now: at(4) }); // a correction: no mail
    await updateOrderStatus(order.id, FULFILMENT.processing, { confirmBackward: true, now: at(5) });
    await expect(
      updateOrderStatus(order.id, FULFILMENT.processing, { confirmBackward: true, now: at(6) }),
    ).resolves.toBe("none");
    // Forward again after the correction: the buyer was told of these already.
    await expect(updateOrderStatus(order.id, FULFILMENT.shipped, { now: at(7) })).resolves.toBe("forward");
    await updateOrderStatus(order.id, FULFILMENT.delivered, { now: at(8) });
    const mails = await composedMails();
    expect(mails.map((mail) => [mail?.to, mail?.subject])).toEqual([
      [`${buyerId}@example.com`, `ShopIT: your order #${order.orderNumber} has shipped`],
      [`${buyerId}@example.com`, `ShopIT: your order #${order.orderNumber} has been delivered`],
    ]);
  });

  it("tell of Delivered alone when the order skips Shipped", async () => {
    const order = await createOrder({ userId: await createUser() });
    await updateOrderStatus(order.id, FULFILMENT.delivered);
    expect((await composedMails()).map((mail) => mail?.subject)).toEqual([
      `ShopIT: your order #${order.orderNumber} has been delivered`,
    ]);
  });

  it("go to nobody when the buyer's account is gone, and one per order changed in bulk", async () => {
    await updateOrderStatus((await createOrder({ userId: null })).id, FULFILMENT.shipped);
    expect(await composedMails()).toEqual([]);
    await clearMails();
    const [a, b] = [
      await createOrder({ userId: await createUser() }),
      await createOrder({ userId: await createUser() }),
    ];
    await updateOrdersStatus([a.id, b.id], FULFILMENT.delivered);
    expect((await composedMails()).map((mail) => mail?.subject)).toEqual([
      `ShopIT: your order #${a.orderNumber} has been delivered`,
      `ShopIT: your order #${b.orderNumber} has been delivered`,
    ]);
  });
});

describe("a shipped order's carrier and tracking number", () => {
  const ups = { carrier: "ups", trackingNumber: "1Z999AA10123456784" } as const;

  it("are set with Shipped, shown in the shipped mail with the carrier's tracking page, and not in the delivered one", async () => {
    const order = await createOrder({ userId: await createUser("Parcel Buyer") });
    await expect(updateOrderStatus(order.id, FULFILMENT.shipped, { tracking: ups })).resolves.toBe("forward");
    expect(await getOrder(order.id)).toMatchObject({ shippingCarrier: "ups", trackingNumber: "1Z999AA10123456784" });
    await updateOrderStatus(order.id, FULFILMENT.delivered);
    const [shipped, delivered] = await composedMails();
    expect(shipped?.text).toContain("Carrier: UPS. Tracking number: 1Z999AA10123456784.");
    expect(shipped?.html).toContain('href="https://www.ups.com/track?tracknum=1Z999AA10123456784"');
    expect(delivered?.text).not.toContain("Tracking number");
  });

  it("can be added or changed later without a status change or a mail, and cleared", async () => {
    const order = await createOrder({ userId: await createUser() });
    await updateOrderStatus(order.id, FULFILMENT.shipped);
    await clearMails();
    const other = { carrier: "other", trackingNumber: "ab-12 34" } as const;
    await expect(updateOrderStatus(order.id, FULFILMENT.shipped, { tracking: other })).resolves.toBe("details");
    expect(await getOrder(order.id)).toMatchObject({ shippingCarrier: "other", trackingNumber: "ab-12 34" });
    await expect(updateOrderStatus(order.id, FULFILMENT.shipped, { tracking: other })).resolves.toBe("none");
    await expect(
      updateOrderStatus(order.id, FULFILMENT.shipped, { tracking: { carrier: "", trackingNumber: "" } }),
    ).resolves.toBe("details");
    expect(await getOrder(order.id)).toMatchObject({ shippingCarrier: null, trackingNumber: null });
    expect(await statusHistory(order.id)).toHaveLength(1);
    expect(await composedMails()).toEqual([]);
  });

  it("stay through Delivered and go when the order moves back to Processing", async () => {
    const order = await createOrder();
    await updateOrderStatus(order.id, FULFILMENT.shipped, { tracking: ups });
    await updateOrderStatus(order.id, FULFILMENT.delivered);
    expect(await getOrder(order.id)).toMatchObject({ shippingCarrier: "ups" });
    await updateOrderStatus(order.id, FULFILMENT.processing, { confirmBackward: true });
    expect(await getOrder(order.id)).toMatchObject({ shippingCarrier: null, trackingNumber: null });
  });

  it("are refused, with the field named and nothing changed, without a carrier, a number, or a shipped status", async () => {
    const order = await createOrder();
    const refusal = (field: string, message: RegExp) =>
      expect.objectContaining({
        constructor: PublicError,
        field,
        status: 400,
        message: expect.stringMatching(message),
      });
    await expect(
      updateOrderStatus(order.id, FULFILMENT.shipped, { tracking: { carrier: "", trackingNumber: "123" } }),
    ).rejects.toThrow(refusal("carrier", /choose the carrier/));
    await expect(
      updateOrderStatus(order.id, FULFILMENT.shipped, { tracking: { carrier: "dhl", trackingNumber: "" } }),
    ).rejects.toThrow(refusal("trackingNumber", /enter the tracking number/));
    await expect(updateOrderStatus(order.id, FULFILMENT.processing, { tracking: ups })).rejects.toThrow(
      refusal("trackingNumber", /set the status to Shipped/),
    );
    expect(await getOrder(order.id)).toMatchObject({ orderStatus: "Processing", shippingCarrier: null });
    expect(await statusHistory(order.id)).toEqual([]);
  });
});

describe("status changes of one order at once", () => {
  // On PostgreSQL each is a transaction on a connection of its own: the order's row lock queues them.
  it("the same change twice at once is made once, recorded once and mailed once", async () => {
    const order = await createOrder({ userId: await createUser("Race Buyer") });
    const steps = await Promise.all([
      updateOrderStatus(order.id, FULFILMENT.shipped, { now: at(1) }),
      updateOrderStatus(order.id, FULFILMENT.shipped, { now: at(1) }),
    ]);
    expect(steps.sort()).toEqual(["forward", "none"]);
    expect(await statusHistory(order.id)).toEqual([{ status: "Shipped", at: at(1) }]);
    expect((await composedMails()).map((mail) => mail?.subject)).toEqual([
      `ShopIT: your order #${order.orderNumber} has shipped`,
    ]);
  });

  it("different changes at once each start from the status the one before left", async () => {
    const order = await createOrder();
    const steps = await Promise.all(
      [FULFILMENT.shipped, FULFILMENT.delivered, FULFILMENT.shipped, FULFILMENT.delivered].map((status) =>
        updateOrderStatus(order.id, status, { now: at(1) }).catch((error: unknown) => error),
      ),
    );
    const history = (await statusHistory(order.id)).map((event) => event.status);
    // Each recorded change differs from the one before it; a step back (unconfirmed) is refused.
    expect(history.every((status, i) => status !== (i === 0 ? "Processing" : history[i - 1]))).toBe(true);
    expect(steps.filter((step) => step === "forward")).toHaveLength(history.length);
    expect(
      steps.every((step) => step === "forward" || step === "none" || step instanceof UnconfirmedStepBackError),
    ).toBe(true);
    expect((await getOrder(order.id))?.orderStatus).toBe(history.at(-1));
  });
});

describe("setting several orders' status at once", () => {
  it("changes each order that can change and says why each other one did not", async () => {
    const [a, b, shipped] = [await createOrder(), await createOrder(), await createOrder()];
    await updateOrderStatus(shipped.id, FULFILMENT.shipped, { now: at(1) });
    const result = await updateOrdersStatus([a.id, b.id, shipped.id, "no-such-order", a.id], FULFILMENT.shipped, at(2));
    expect(result).toEqual({
      updated: [
        { id: a.id, orderNumber: a.orderNumber },
        { id: b.id, orderNumber: b.orderNumber },
      ],
      failed: [
        { id: shipped.id, orderNumber: shipped.orderNumber, reason: "already Shipped" },
        { id: "no-such-order", orderNumber: null, reason: "Order not found" },
      ],
    });
    for (const order of [a, b]) expect(await statusHistory(order.id)).toEqual([{ status: "Shipped", at: at(2) }]);
    expect(await statusHistory(shipped.id)).toEqual([{ status: "Shipped", at: at(1) }]);
  });
  it("refuses each step back (confirmed only on the order's own page) and mails only the steps forward", async () => {
    const [ahead, behind] = [
      await createOrder({ userId: await createUser() }),
      await createOrder({ userId: await createUser() }),
    ];
    await updateOrderStatus(ahead.id, FULFILMENT.delivered, { now: at(1) });
    await clearMails();
    const result = await updateOrdersStatus([ahead.id, behind.id], FULFILMENT.shipped, at(2));
    expect(result).toEqual({
      updated: [{ id: behind.id, orderNumber: behind.orderNumber }],
      failed: [
        {
          id: ahead.id,
          orderNumber: ahead.orderNumber,
          reason: "a step back from Delivered: confirm it on the order's page",
        },
      ],
    });
    expect((await getOrder(ahead.id))?.orderStatus).toBe("Delivered");
    expect((await composedMails()).map((mail) => mail?.subject)).toEqual([
      `ShopIT: your order #${behind.orderNumber} has shipped`,
    ]);
  });
});

describe("deleting an order", () => {
  it("an unpaid one gives its reserved stock back", async () => {
    const [a, b] = [await createProduct({ stock: 3 }), await createProduct({ stock: 0 })];
    const order = await createOrder({
      paymentStatus: PAYMENT.requiresPayment,
      lines: [
        { productId: a, quantity: 2 },
        { productId: b, quantity: 1 },
      ],
    });
    await deleteOrder(order.id);
    expect(await getOrder(order.id)).toBeNull();
    expect(await db.select().from(orderLines).where(eq(orderLines.orderId, order.id))).toEqual([]);
    expect([await stockOf(a), await stockOf(b)]).toEqual([5, 1]);
  });

  it("a refunded or canceled one leaves stock as it is", async () => {
    const productId = await createProduct({ stock: 3 });
    for (const paymentStatus of [PAYMENT.refunded, PAYMENT.canceled]) {
      const order = await createOrder({ paymentStatus, lines: [{ productId, quantity: 2 }] });
      await deleteOrder(order.id);
      expect(await getOrder(order.id)).toBeNull();
      expect(await stockOf(productId)).toBe(3);
    }
  });

  it("refuses a paid order until it is refunded in full (409), cancelled or not", async () => {
    const productId = await createProduct({ stock: 3 });
    const order = await createOrder({ lines: [{ productId, quantity: 2, priceCents: 10_00 }] });
    const refused = (message: string) => expect.objectContaining({ constructor: PublicError, status: 409, message });
    const paid = "This order is paid: cancel it or refund it in full before deleting it.";
    await expect(deleteOrder(order.id)).rejects.toThrow(refused(paid));
    const refund = (refundedCents: number, cancelledAt: Date | null = null) =>
      commitTogether((tx) => tx.update(orders).set({ refundedCents, cancelledAt }).where(eq(orders.id, order.id)));
    // Part of it back: still paid.
    await refund(5_00);
    await expect(deleteOrder(order.id)).rejects.toThrow(refused(paid));
    // Cancelled, its refund not through yet: the money is still the buyer's to get back.
    await refund(0, at(1));
    await expect(deleteOrder(order.id)).rejects.toThrow(
      refused(
        "This order was cancelled but its refund has not gone through: it can be deleted once the buyer has the money back.",
      ),
    );
    expect(await getOrder(order.id)).not.toBeNull();
    // All of it back: deleted.
    await refund(20_00, at(1));
    await deleteOrder(order.id);
    expect(await getOrder(order.id)).toBeNull();
    expect(await stockOf(productId)).toBe(3);
  });

  it("refuses an unknown order with a 404", async () => {
    await expect(deleteOrder("no-such-order")).rejects.toThrow(notFound);
  });
});

describe("the admin's order figures", () => {
  it("the total amount sums paid orders only and follows refunds", async () => {
    const productId = await createProduct();
    expect(await totalPaidCents("USD")).toBe(0);
    await createOrder({ lines: [{ productId, quantity: 2, priceCents: 30_00 }] });
    const other = await createOrder({ lines: [{ productId, quantity: 1, priceCents: 15_50 }] });
    await createOrder({ paymentStatus: PAYMENT.refunded, lines: [{ productId, quantity: 1, priceCents: 99_00 }] });
    await createOrder({
      paymentStatus: PAYMENT.requiresPayment,
      lines: [{ productId, quantity: 1, priceCents: 77_00 }],
    });
    await createOrder({ paymentStatus: PAYMENT.canceled, lines: [{ productId, quantity: 1, priceCents: 55_00 }] });
    expect(await totalPaidCents("USD")).toBe(75_50);

    await commitTogether((tx) =>
      tx.update(orders).set({ paymentStatus: PAYMENT.refunded }).where(eq(orders.id, other.id)),
    );
    expect(await totalPaidCents("USD")).toBe(60_00);
  });

  it("the order table lists every buyer's placed orders, searched, sorted and paged", async () => {
    const productId = await createProduct();
    const query = (over: Partial<OrderListQuery> = {}) => tableQuery<OrderSort>("totalPrice", over);
    const place = async (userName: string, priceCents: number, paymentStatus: PaymentStatus = PAYMENT.succeeded) =>
      (
        await createOrder({
          userId: await createUser(userName),
          userName,
          paymentStatus,
          lines: [{ productId, quantity: 1, priceCents }],
        })
      ).id;
    // Names with a space: a search for them cannot also match a random order id by chance.
    const ann = await place("Ann Lee", 30_00);
    const bob = await place("Bob", 10_00);
    const cat = await place("Cat", 20_00, PAYMENT.refunded);
    await place("Dan Ray", 5_00, PAYMENT.requiresPayment);
    await place("Eve", 1_00, PAYMENT.canceled);

    const all = await listOrders(query());
    expect(all.total).toBe(3);
    expect(all.rows.map((r) => [r.id, r.userName, r.totalPriceCents])).toEqual([
      [bob, "Bob", 10_00],
      [cat, "Cat", 20_00],
      [ann, "Ann Lee", 30_00],
    ]);
    expect((await listOrders(query({ dir: "desc" }))).rows.map((r) => r.id)).toEqual([ann, cat, bob]);
    expect((await listOrders(query({ q: "ann l" }))).rows.map((r) => r.id)).toEqual([ann]);
    expect((await listOrders(query({ q: bob }))).rows.map((r) => r.id)).toEqual([bob]);
    expect(await listOrders(query({ q: "Dan R" }))).toEqual({ rows: [], total: 0 });
    const last = await listOrders(query({ size: 2, page: 2 }));
    expect(last).toMatchObject({ total: 3 });
    expect(last.rows.map((r) => r.id)).toEqual([ann]);
  });

  it("each row names its customer (account or guest) and carries what the payment and refund columns show", async () => {
    const productId = await createProduct();
    const userId = await createUser("Ann Account");
    const mine = await createOrder({ userId, userName: "Ann at checkout", lines: [{ productId, quantity: 1 }] });
    const guest = await createOrder({ userName: "Gil Guest", lines: [{ productId, quantity: 2 }] });
    const [account] = await db.select().from(users).where(eq(users.id, userId));
    await commitTogether(async (tx) => {
      await tx.update(orders).set({ guestEmail: "gil@example.com" }).where(eq(orders.id, guest.id));
      await tx.update(orders).set({ refundedCents: 5_00 }).where(eq(orders.id, mine.id));
    });
    const { rows } = await listOrders(tableQuery<OrderSort>("createdAt"));
    expect(rows.map((r) => [r.customerName, r.customerEmail, r.paymentStatus, r.refundedCents])).toEqual([
      ["Ann Account", account.email, PAYMENT.succeeded, 5_00],
      ["Gil Guest", "gil@example.com", PAYMENT.succeeded, 0],
    ]);
    // Found by the e-mail too.
    expect((await listOrders(tableQuery<OrderSort>("createdAt", { q: "GIL@example" }))).rows.map((r) => r.id)).toEqual([
      guest.id,
    ]);
  });
});
