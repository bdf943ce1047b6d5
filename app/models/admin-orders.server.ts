import { asc, eq, sum } from "drizzle-orm";
import { db } from "~/db/client.server";
import { commitTogether } from "~/db/group-commit.server";
import { orderTotals } from "~/db/derived";
import { orderStatusEvents, orders } from "~/db/schema";
import { changeOrderStatus, isDelivered, PAYMENT, TransitionError, type OrderStatusValue } from "~/lib/order-states";
import { PublicError } from "~/lib/public-error";
import { releaseOrder } from "./checkout.server";
import { sendMailLater } from "./email.server";
import { isNotifiedStatus, orderStatusMail } from "./mail-messages.server";
import { getOrder } from "./orders.server";


const notFound = () => new PublicError("Order not found", 404);

/**
 * Sum of every paid order (refunds excluded), as the original API's `totalAmount`: read from the
 * per-day totals that triggers keep (a few hundred rows, however many orders).
 */
export function totalPaidCents(): number {
  return Number(
    db.select({ cents: sum(orderTotals.cents) }).from(orderTotals).where(eq(orderTotals.paymentStatus, PAYMENT.succeeded)).get()?.cents ?? 0,
  );
}

/**
 * Sets an order's fulfilment status and records the change with its time. Stock is not touched:
 * it was taken when the order was paid. Answers false when the order already had that status.
 * Once committed, Shipped and Delivered are mailed to the buyer in the background.
 */
export async function updateOrderStatus(orderId: string, status: OrderStatusValue, now = new Date()): Promise<boolean> {
  const changed = await commitTogether((tx) => {
    const order = tx.select({ status: orders.orderStatus }).from(orders).where(eq(orders.id, orderId)).get();
    if (!order) throw notFound();
    if (order.status === status) return false;
    tx.update(orders)
      .set({ orderStatus: changeOrderStatus(order.status, status), deliveredAt: isDelivered(status) ? now : null })
      .where(eq(orders.id, orderId))
      .run();
    tx.insert(orderStatusEvents).values({ orderId, status, createdAt: now }).run();
    return true;
  });
  if (changed && isNotifiedStatus(status)) {
    sendMailLater(`the ${status} mail of order ${orderId}`, async () => {
      const order = getOrder(orderId);
      return order?.buyer ? orderStatusMail(order, order.buyer, status) : null;
    }, `order ${orderId}`);
  }
  return changed;
}

/**
 * Sets the status of several orders, each through updateOrderStatus (its own savepoint, all in one
 * group commit): one order that cannot change does not stop the others. Answers the ids changed
 * and, per id, why not.
 */
export async function updateOrdersStatus(orderIds: string[], status: OrderStatusValue, now = new Date()) {
  const ids = [...new Set(orderIds)];
  const outcomes = await Promise.allSettled(ids.map((id) => updateOrderStatus(id, status, now)));
  const updated: string[] = [];
  const failed: { id: string; reason: string }[] = [];
  outcomes.forEach((outcome, i) => {
    const id = ids[i];
    if (outcome.status === "fulfilled") {
      if (outcome.value) updated.push(id);
      else failed.push({ id, reason: `already ${status}` });
      return;
    }
    const error = outcome.reason;
    if (!(error instanceof PublicError || error instanceof TransitionError)) throw error;
    failed.push({ id, reason: error.message });
  });
  return { updated, failed };
}

export function statusHistory(orderId: string) {
  return db
    .select({ status: orderStatusEvents.status, at: orderStatusEvents.createdAt })
    .from(orderStatusEvents)
    .where(eq(orderStatusEvents.orderId, orderId))
    .orderBy(asc(orderStatusEvents.createdAt))
    .all();
}

/** Deletes an order; an unpaid one gives its reserved stock back first. */
export async function deleteOrder(orderId: string) {
  const order = getOrder(orderId);
  if (!order) throw notFound();
  if (order.paymentStatus === PAYMENT.requiresPayment) await releaseOrder(orderId, { cancelIntent: true });
  await commitTogether((tx) => tx.delete(orders).where(eq(orders.id, orderId)).run());
}
