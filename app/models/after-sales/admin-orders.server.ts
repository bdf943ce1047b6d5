import { and, asc, eq, sum } from "drizzle-orm";
import { db } from "~/db/client.server";
import { inList, listParam, lockRows } from "~/db/dialect";
import { commitTogether } from "~/db/commit.server";
import { orderTotals } from "~/db/derived";
import { orderStatusEvents, orders } from "~/db/schema";
import {
  changeOrderStatus,
  fulfilmentProblem,
  FULFILMENT,
  isDelivered,
  orderStatusStep,
  PAYMENT,
  TransitionError,
  UnconfirmedStepBackError,
  type OrderStatusStep,
  type OrderStatusValue,
} from "~/lib/order-states";
import { PublicError } from "~/lib/public-error";
import { refundState } from "~/lib/refunds";
import { trackingProblem, type TrackingInput } from "~/lib/shipment-tracking";
import { releaseOrder } from "~/models/checkout";
import { isNotifiedStatus, sendQueued } from "~/models/mail";
import { queueOrderMail, getOrder } from "~/models/orders";
import { pendingCentsOf, refundedByCurrency } from "./refunds.server";

const notFound = () => new PublicError("Order not found", 404);

/** What paid orders brought in, less what was refunded of them, in one currency. */
export type Revenue = { currency: string; cents: number };

/**
 * Sum of every paid order less what was refunded of them, per currency they were paid in (a shop
 * that changed its currency has orders in both; dollars are never added to euros), the shop's
 * currency first, then the others by name: read from the per-day totals that triggers keep (a few
 * hundred rows, however many orders) and the refunds.
 */
export async function revenueByCurrency(shopCurrency: string): Promise<Revenue[]> {
  const [paid, refunded] = await Promise.all([
    db
      .select({ currency: orderTotals.currency, cents: sum(orderTotals.cents) })
      .from(orderTotals)
      .where(eq(orderTotals.paymentStatus, PAYMENT.succeeded))
      .groupBy(orderTotals.currency),
    refundedByCurrency(),
  ]);
  const net = new Map<string, number>([[shopCurrency, 0]]);
  for (const row of paid) net.set(row.currency, Number(row.cents ?? 0) - (refunded.get(row.currency) ?? 0));
  return [...net]
    .map(([currency, cents]) => ({ currency, cents }))
    .filter((r) => r.currency === shopCurrency || r.cents !== 0)
    .sort((a, b) =>
      a.currency === shopCurrency ? -1 : b.currency === shopCurrency ? 1 : a.currency < b.currency ? -1 : 1,
    );
}

/** The original API's `totalAmount`: the revenue of the orders paid in the shop's currency. */
export async function totalPaidCents(shopCurrency: string): Promise<number> {
  return (await revenueByCurrency(shopCurrency))[0].cents;
}

export type StatusChangeOptions = {
  /** Allows a step back (a correction): without it, one is refused with UnconfirmedStepBackError. */
  confirmBackward?: boolean;
  /** The carrier and tracking number (empty strings clear them); left as they are when absent. */
  tracking?: TrackingInput;
  now?: Date;
};

/** How an order changed: its status moved (see OrderStatusStep), or only its shipping details. */
export type OrderChange = OrderStatusStep | "details";

/**
 * Sets an order's fulfilment status (and its carrier and tracking number) and records a status
 * change with its time. Stock is not touched: it was taken when the order was paid. Answers how
 * the order moved: "none" when nothing changed (nothing is written). A step forward to Shipped or
 * Delivered is mailed to the buyer, once per status, tracking number included: the mail is queued
 * in the same transaction and sent once it is committed, after the order's earlier mails. A step
 * back (confirmed) is mailed to nobody; back to Processing, the tracking number goes.
 */
export async function updateOrderStatus(
  orderId: string,
  status: OrderStatusValue,
  { confirmBackward = false, tracking, now = new Date() }: StatusChangeOptions = {},
): Promise<OrderChange> {
  const problem = tracking && trackingProblem(tracking, status);
  if (problem) throw problem;
  const { change, mail } = await commitTogether(async (tx) => {
    // The order is read, then written: no other change to it in between.
    await lockRows(tx, orders, [orderId]);
    const [order] = await tx
      .select({
        status: orders.orderStatus,
        carrier: orders.shippingCarrier,
        number: orders.trackingNumber,
        paymentStatus: orders.paymentStatus,
        cancelledAt: orders.cancelledAt,
        totalPriceCents: orders.totalPriceCents,
        refundedCents: orders.refundedCents,
      })
      .from(orders)
      .where(eq(orders.id, orderId));
    if (!order) throw notFound();
    const step = orderStatusStep(order.status, status);
    // Checked under the lock: a refund or a cancellation that commits first is seen here, a refund
    // still with the provider (pending) included.
    const fullyRefunded = async () =>
      refundState({ ...order, refundedCents: order.refundedCents + (await pendingCentsOf(tx, orderId)) }) === "full";
    const refused =
      step !== "none" || order.cancelledAt
        ? fulfilmentProblem({ ...order, fullyRefunded: await fullyRefunded() }, status)
        : null;
    if (refused) throw refused;
    const shipment = tracking
      ? { shippingCarrier: tracking.carrier || null, trackingNumber: tracking.trackingNumber || null }
      : status === FULFILMENT.processing
        ? { shippingCarrier: null, trackingNumber: null }
        : { shippingCarrier: order.carrier, trackingNumber: order.number };
    const detailsChanged = shipment.shippingCarrier !== order.carrier || shipment.trackingNumber !== order.number;
    if (step === "none") {
      if (!detailsChanged) return { change: step, mail: null };
      await tx.update(orders).set(shipment).where(eq(orders.id, orderId));
      return { change: "details" as const, mail: null };
    }
    await tx
      .update(orders)
      .set({
        orderStatus: changeOrderStatus(order.status, status, { confirmBackward }),
        deliveredAt: isDelivered(status) ? now : null,
        ...shipment,
      })
      .where(eq(orders.id, orderId));
    const [earlier] = await tx
      .select({ status: orderStatusEvents.status })
      .from(orderStatusEvents)
      .where(and(eq(orderStatusEvents.orderId, orderId), eq(orderStatusEvents.status, status)))
      .limit(1);
    await tx.insert(orderStatusEvents).values({ orderId, status, createdAt: now });
    // A status the buyer was told of once is not mailed again after a correction back.
    const mail =
      step === "forward" && !earlier && isNotifiedStatus(status)
        ? await queueOrderMail(tx, orderId, { kind: "orderStatus", status })
        : null;
    return { change: step, mail };
  });
  void sendQueued(mail);
  return change;
}

/** An order of a bulk change, named by its number (null when no order has that id). */
export type BulkOrder = { id: string; orderNumber: number | null };

/**
 * Sets the status of several orders, each through updateOrderStatus (a transaction of its own): one
 * order that cannot change does not stop the others. Steps back are refused
 * (each needs its own confirmation on the order's page). Answers the orders changed and, per
 * order, why not.
 */
export async function updateOrdersStatus(orderIds: string[], status: OrderStatusValue, now = new Date()) {
  const ids = [...new Set(orderIds)];
  // One after another: the buyers' mails go out in the order of the list, on either engine.
  const outcomes: PromiseSettledResult<OrderChange>[] = [];
  for (const id of ids) {
    outcomes.push(
      await updateOrderStatus(id, status, { now }).then(
        (value) => ({ status: "fulfilled" as const, value }),
        (reason: unknown) => ({ status: "rejected" as const, reason }),
      ),
    );
  }
  const found = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber })
    .from(orders)
    .where(inList(orders.id, listParam(ids)));
  const numbers = new Map(found.map((o) => [o.id, o.orderNumber]));
  const named = (id: string): BulkOrder => ({ id, orderNumber: numbers.get(id) ?? null });
  const updated: BulkOrder[] = [];
  const failed: (BulkOrder & { reason: string })[] = [];
  outcomes.forEach((outcome, i) => {
    const order = named(ids[i]);
    if (outcome.status === "fulfilled") {
      if (outcome.value === "none") failed.push({ ...order, reason: `already ${status}` });
      else updated.push(order);
      return;
    }
    const error = outcome.reason;
    if (error instanceof UnconfirmedStepBackError)
      failed.push({ ...order, reason: `a step back from ${error.from}: confirm it on the order's page` });
    else if (error instanceof PublicError || error instanceof TransitionError)
      failed.push({ ...order, reason: error.message });
    else throw error;
  });
  return { updated, failed };
}

export async function statusHistory(orderId: string) {
  return db
    .select({ status: orderStatusEvents.status, at: orderStatusEvents.createdAt })
    .from(orderStatusEvents)
    .where(eq(orderStatusEvents.orderId, orderId))
    .orderBy(asc(orderStatusEvents.createdAt));
}

/**
 * Why an order may not be deleted (null when it may): one still holding the buyer's money (paid, not
 * refunded in full) is the shop's record of that payment, so it is cancelled or refunded first.
 */
export function orderDeleteProblem(order: {
  paymentStatus: string;
  totalPriceCents: number;
  refundedCents: number;
  cancelledAt: Date | string | null;
}): string | null {
  if (order.paymentStatus !== PAYMENT.succeeded || refundState(order) === "full") return null;
  return order.cancelledAt
    ? "This order was cancelled but its refund has not gone through: it can be deleted once the buyer has the money back."
    : "This order is paid: cancel it or refund it in full before deleting it.";
}

/** Deletes an order, unless orderDeleteProblem refuses it (409); an unpaid one gives its reserved stock back first. */
export async function deleteOrder(orderId: string) {
  const order = await getOrder(orderId);
  if (!order) throw notFound();
  const problem = orderDeleteProblem(order);
  if (problem) throw new PublicError(problem, 409);
  if (order.paymentStatus === PAYMENT.requiresPayment) await releaseOrder(orderId, { cancelIntent: true });
  await commitTogether(async (tx) => {
    // Checked again under the lock: a payment or refund that committed meanwhile is seen.
    await lockRows(tx, orders, [orderId]);
    const [now] = await tx
      .select({
        paymentStatus: orders.paymentStatus,
        totalPriceCents: orders.totalPriceCents,
        refundedCents: orders.refundedCents,
        cancelledAt: orders.cancelledAt,
      })
      .from(orders)
      .where(eq(orders.id, orderId));
    if (!now) throw notFound();
    const refused = orderDeleteProblem(now);
    if (refused) throw new PublicError(refused, 409);
    await tx.delete(orders).where(eq(orders.id, orderId));
  });
}
