import { dayIn } from "~/lib/dates";
import { and, asc, count, eq, gte, inArray, ne, sql, sum } from "drizzle-orm";
import { db, type Tx } from "~/db/client.server";
import { commitTogether } from "~/db/commit.server";
import { newId } from "~/db/ids";
import { lockRows } from "~/db/dialect";
import { orderLines, orders, refundLines, refunds } from "~/db/schema";
import { moneyFormatOf, moneyFormatter } from "~/lib/money";
import { FULFILMENT, PAYMENT } from "~/lib/order-states";
import { PublicError } from "~/lib/public-error";
import {
  linesRefundCents,
  PROVIDER_REFUND_REASON,
  REFUND_SOURCE,
  REFUND_STATUS,
  refundableCents,
  refundAmountProblem,
} from "~/lib/refunds";
import { abandonAtProvider, refundAmountAt, refundsAt, releaseReservation } from "~/models/checkout";
import { giveStockBack } from "~/models/inventory";
import { queueMail, sendQueued, type QueuedMail } from "~/models/mail";
import { getOrder, getOrderByIntent } from "~/models/orders";

// Refunds and cancellations. A refund is written pending (under the order's lock, checked against
// what is left to refund, pending ones included), then asked of the provider outside any
// transaction (its idempotency key is the refund's id), then settled: succeeded, the order's
// refunded_cents raised, the stock given back when asked, the buyer's mail queued, all in one
// transaction. Settling is conditional on the refund being pending, so the provider's webhook
// (charge.refunded), which may arrive first, and the admin's request settle it once between them.

export type Refund = typeof refunds.$inferSelect;
export type Actor = { id: string; name: string } | null;

export type RefundRequest = {
  orderId: string;
  /** The items refunded (their order_lines ids) and how many of each; may be empty for an amount alone. */
  lines: { lineId: string; quantity: number }[];
  /** The amount; null: the chosen items' share of what was paid (linesRefundCents). */
  amountCents: number | null;
  reason: string;
  /** Whether the chosen items go back to stock. */
  restock: boolean;
  /** The form's or the client's key for this request: the same key again is the same refund, never a second. */
  requestKey: string | null;
  actor: Actor;
};

export type RefundOutcome = { refund: Refund; replayed: boolean };

const notFound = () => new PublicError("Order not found", 404);

/** What each line has left to refund (its quantity less what refunds, failed ones aside, took). */
export async function refundedQuantities(q: Tx | typeof db, orderId: string): Promise<Map<string, number>> {
  const rows = await q
    .select({ lineId: refundLines.orderLineId, quantity: sum(refundLines.quantity) })
    .from(refundLines)
    .innerJoin(refunds, eq(refunds.id, refundLines.refundId))
    .where(and(eq(refunds.orderId, orderId), ne(refunds.status, REFUND_STATUS.failed)))
    .groupBy(refundLines.orderLineId);
  return new Map(rows.map((r) => [r.lineId, Number(r.quantity ?? 0)]));
}

/** What the order's refunds still with the provider (pending) amount to. */
export async function pendingCentsOf(q: Tx | typeof db, orderId: string): Promise<number> {
  const [row] = await q
    .select({ cents: sum(refunds.amountCents) })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.status, REFUND_STATUS.pending)));
  return Number(row?.cents ?? 0);
}

const byKey = async (requestKey: string) =>
  (await db.select().from(refunds).where(eq(refunds.requestKey, requestKey)).limit(1))[0];

/** The request's items, one entry per item with a quantity, in a fixed order (to compare two requests'). */
const chosenItems = (lines: { lineId: string; quantity: number }[]) =>
  [
    ...lines
      .filter((l) => l.quantity > 0)
      .reduce((all, l) => all.set(l.lineId, (all.get(l.lineId) ?? 0) + l.quantity), new Map<string, number>()),
  ]
    .map(([lineId, quantity]) => ({ lineId, quantity }))
    .sort((a, b) => (a.lineId < b.lineId ? -1 : a.lineId > b.lineId ? 1 : 0));

/** Whether a request asks for what the refund its key made recorded: the same items, amount and restocking. */
async function asksForTheSame(request: RefundRequest, earlier: Refund): Promise<boolean> {
  if (request.amountCents !== null && request.amountCents !== earlier.amountCents) return false;
  const items = chosenItems(request.lines);
  if (earlier.restock !== (request.restock && items.length > 0)) return false;
  const recorded = chosenItems(
    await db
      .select({ lineId: refundLines.orderLineId, quantity: refundLines.quantity })
      .from(refundLines)
      .where(eq(refundLines.refundId, earlier.id)),
  );
  return (
    items.length === recorded.length &&
    items.every((item, i) => item.lineId === recorded[i].lineId && item.quantity === recorded[i].quantity)
  );
}

/**
 * A request made again with its key: the refund it made. An error when the key was another
 * order's, or asked for other items, another amount or other restocking (a client reusing a key by
 * mistake must not get an answer for a refund it did not ask for).
 */
async function replayOf(request: RefundRequest): Promise<RefundOutcome | null> {
  if (!request.requestKey) return null;
  const earlier = await byKey(request.requestKey);
  if (!earlier) return null;
  if (earlier.orderId !== request.orderId)
    throw new PublicError("This request key was used for another order's refund.", 409, "key");
  if (!(await asksForTheSame(request, earlier)))
    throw new PublicError(
      "This request key was used for another refund request, with other items, amount or restocking: nothing more was refunded.",
      409,
      "key",
    );
  return { refund: earlier, replayed: true };
}

/**
 * Refunds part or all of a paid order through the payment provider (see the top of this file).
 * Refused (PublicError, with the field at fault): an order that is not paid, more than is left to
 * refund, an item not of the order or more of it than is left. A provider that refuses or cannot be
 * reached leaves the refund failed and throws.
 */
export async function refundOrder(request: RefundRequest, now = new Date()): Promise<RefundOutcome> {
  const replay = await replayOf(request);
  if (replay) return replay;
  let pending: { refund: Refund; intentId: string };
  try {
    pending = await commitTogether(async (tx) => {
      await lockRows(tx, orders, [request.orderId]);
      const [order] = await tx.select().from(orders).where(eq(orders.id, request.orderId));
      if (!order) throw notFound();
      const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id));
      const taken = await refundedQuantities(tx, order.id);
      // One entry per item: the same item named twice counts once with both quantities.
      const refundedLines = chosenItems(request.lines).map(({ lineId, quantity }) => {
        const line = lines.find((l) => l.id === lineId);
        if (!line) throw new PublicError("That item is not part of this order.", 400, "lines");
        const left = line.quantity - (taken.get(line.id) ?? 0);
        if (quantity > left)
          throw new PublicError(
            left === 0 ? `${line.name} was refunded already.` : `Only ${left} of ${line.name} can still be refunded.`,
            409,
            "lines",
          );
        return { line, quantity };
      });
      const amountCents =
        request.amountCents ??
        linesRefundCents(
          order,
          refundedLines.map(({ line, quantity }) => ({ priceCents: line.priceCents, quantity })),
        );
      const problem = refundAmountProblem(
        order,
        amountCents,
        await pendingCentsOf(tx, order.id),
        // In the currency the order was paid in.
        moneyFormatter(moneyFormatOf(order)),
      );
      if (problem) throw new PublicError(problem, amountCents <= 0 ? 400 : 409, "amount");
      if (!order.paymentIntentId) throw new PublicError("This order has no payment to refund.", 409, "amount");
      const [refund] = await tx
        .insert(refunds)
        .values({
          id: newId(),
          orderId: order.id,
          amountCents,
          reason: request.reason,
          restock: request.restock && refundedLines.length > 0,
          source: REFUND_SOURCE.shop,
          status: REFUND_STATUS.pending,
          requestKey: request.requestKey,
          createdBy: request.actor?.id ?? null,
          createdByName: request.actor?.name ?? null,
          createdAt: now,
        })
        .returning();
      if (refundedLines.length)
        await tx
          .insert(refundLines)
          .values(refundedLines.map(({ line, quantity }) => ({ refundId: refund.id, orderLineId: line.id, quantity })));
      return { refund, intentId: order.paymentIntentId };
    });
  } catch (error) {
    // The same key sent twice at once: the first wrote the refund, the second answers with it
    // (refused for what the first took, say, or by the key's unique index).
    if (request.requestKey) {
      const replayed = await replayOf(request);
      if (replayed) return replayed;
    }
    throw error;
  }
  let providerRefundId: string;
  try {
    providerRefundId = (await refundAmountAt(pending.intentId, pending.refund.amountCents, pending.refund.id)).id;
  } catch (error) {
    await commitTogether(async (tx) => {
      await tx
        .update(refunds)
        .set({ status: REFUND_STATUS.failed, settledAt: now })
        .where(and(eq(refunds.id, pending.refund.id), eq(refunds.status, REFUND_STATUS.pending)));
    });
    throw error;
  }
  await settleRefund(pending.refund.id, providerRefundId, now);
  const [settled] = await db.select().from(refunds).where(eq(refunds.id, pending.refund.id));
  return { refund: settled, replayed: false };
}

/**
 * Marks a pending refund succeeded (once: a second call changes nothing; a failed one too, when the
 * provider says it was made after all) and, in the same
 * transaction, raises the order's refunded_cents, gives the stock back when asked and queues the
 * buyer's mail. True when this call settled it.
 */
export async function settleRefund(refundId: string, providerRefundId: string, now = new Date()): Promise<boolean> {
  const [known] = await db.select({ orderId: refunds.orderId }).from(refunds).where(eq(refunds.id, refundId));
  if (!known) return false;
  const mail = await commitTogether(async (tx) => {
    await lockRows(tx, orders, [known.orderId]);
    const [before] = await tx.select({ status: refunds.status }).from(refunds).where(eq(refunds.id, refundId));
    if (!before || before.status === REFUND_STATUS.succeeded) return undefined;
    // Marked failed when the provider's answer was lost, yet made: the money is counted, but its
    // items are not restocked (another refund may have taken them back since).
    const [refund] = await tx
      .update(refunds)
      .set({
        status: REFUND_STATUS.succeeded,
        providerRefundId,
        settledAt: now,
        ...(before.status === REFUND_STATUS.failed ? { restock: false } : {}),
      })
      .where(and(eq(refunds.id, refundId), eq(refunds.status, before.status)))
      .returning();
    if (!refund) return undefined;
    await tx
      .update(orders)
      .set({ refundedCents: sql`${orders.refundedCents} + ${refund.amountCents}` })
      .where(eq(orders.id, refund.orderId));
    if (refund.restock) await giveStockBack(tx, await restockOf(tx, refund.id));
    return queueRefundMail(tx, refund);
  });
  if (mail === undefined) return false;
  void sendQueued(mail);
  return true;
}

/** The items a refund gives back to stock (those whose product still exists). */
async function restockOf(tx: Tx, refundId: string) {
  const rows = await tx
    .select({
      productId: orderLines.productId,
      variantId: orderLines.variantId,
      name: orderLines.name,
      quantity: refundLines.quantity,
    })
    .from(refundLines)
    .innerJoin(orderLines, eq(orderLines.id, refundLines.orderLineId))
    .where(eq(refundLines.refundId, refundId));
  return rows.flatMap(({ productId, ...item }) => (productId ? [{ productId, ...item }] : []));
}

/** The buyer's mail about a refund, queued in the transaction that settles it (null: no buyer to mail). */
async function queueRefundMail(tx: Tx, refund: Refund): Promise<QueuedMail | null> {
  const order = await getOrder(refund.orderId, tx);
  if (!order?.buyer) return null;
  return queueMail(tx, {
    key: `refund:${refund.id}`,
    group: `order:${order.id}`,
    job: {
      kind: "refund",
      buyer: order.buyer,
      refund: {
        orderId: order.id,
        orderNumber: order.orderNumber,
        amountCents: refund.amountCents,
        refundedCents: order.refundedCents,
        totalCents: order.totalPriceCents,
        reason: refund.reason,
        cancelled: order.cancelledAt !== null,
        currency: order.currency,
        locale: order.locale,
      },
    },
  });
}

/**
 * The provider says a payment was refunded (its webhook, charge.refunded): each of its refunds the
 * shop does not know yet is recorded (one made in the provider's dashboard, without restock), and
 * each of the shop's own still pending is settled. Once each, however often the event comes.
 */
export async function recordProviderRefunds(intentId: string, now = new Date()): Promise<number> {
  const order = await getOrderByIntent(intentId);
  // Only a paid order's refunds are the shop's to record (a late payment's refund is settlement's).
  if (!order || order.paymentStatus !== PAYMENT.succeeded) return 0;
  let recorded = 0;
  for (const found of await refundsAt(intentId)) {
    if (found.status !== "succeeded") continue;
    if (found.shopRefundId) {
      if (await settleRefund(found.shopRefundId, found.id, now)) recorded++;
      continue;
    }
    const mail = await commitTogether(async (tx) => {
      await lockRows(tx, orders, [order.id]);
      const [refund] = await tx
        .insert(refunds)
        .values({
          id: newId(),
          orderId: order.id,
          amountCents: found.amountCents,
          reason: PROVIDER_REFUND_REASON,
          restock: false,
          source: REFUND_SOURCE.provider,
          status: REFUND_STATUS.succeeded,
          providerRefundId: found.id,
          createdAt: now,
          settledAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (!refund) return undefined;
      await tx
        .update(orders)
        .set({ refundedCents: sql`${orders.refundedCents} + ${refund.amountCents}` })
        .where(eq(orders.id, order.id));
      return queueRefundMail(tx, refund);
    });
    if (mail === undefined) continue;
    recorded++;
    void sendQueued(mail);
  }
  return recorded;
}

export type CancelOutcome = { cancelled: boolean; refund: Refund | null };

/**
 * Cancels an order: its status no longer changes. Unpaid, its reservation is released (the stock
 * back, the payment canceled at the provider); paid, what is left of it is refunded through the
 * provider with every item back in stock. A shipped or delivered order is refunded, not cancelled.
 * Cancelling again retries a refund that failed and otherwise changes nothing.
 */
export async function cancelOrder(
  orderId: string,
  { reason, actor, now = new Date() }: { reason: string; actor: Actor; now?: Date },
): Promise<CancelOutcome> {
  const { order, cancelled, released } = await commitTogether(async (tx) => {
    await lockRows(tx, orders, [orderId]);
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
    if (!order) throw notFound();
    if (order.cancelledAt) return { order, cancelled: false, released: false };
    if (order.orderStatus !== FULFILMENT.processing)
      throw new PublicError(`This order is ${order.orderStatus}: refund it instead of cancelling it.`, 409, "reason");
    const released = order.paymentStatus === PAYMENT.requiresPayment && (await releaseReservation(tx, order.id));
    await tx.update(orders).set({ cancelledAt: now }).where(eq(orders.id, order.id));
    return { order, cancelled: true, released };
  });
  if (released) await abandonAtProvider([order]);
  const fresh = (await db.select().from(orders).where(eq(orders.id, orderId)))[0];
  if (!fresh || fresh.paymentStatus !== PAYMENT.succeeded) return { cancelled, refund: null };
  const left = refundableCents(fresh, await pendingCentsOf(db, orderId));
  if (left === 0) return { cancelled, refund: null };
  const taken = await refundedQuantities(db, orderId);
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
  const [failed] = await db
    .select({ n: count() })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.status, REFUND_STATUS.failed)));
  const { refund } = await refundOrder(
    {
      orderId,
      lines: lines.map((l) => ({ lineId: l.id, quantity: l.quantity - (taken.get(l.id) ?? 0) })),
      amountCents: left,
      reason,
      restock: true,
      // One cancellation's refund per amount left: a retry after a failure (one more failed) is a new request.
      requestKey: `cancel:${orderId}:${left}:${fresh.refundedCents}:${failed?.n ?? 0}`,
      actor,
    },
    now,
  );
  return { cancelled, refund };
}

/** A key for a refund form: sent twice, the form makes one refund. */
export const newRequestKey = () => newId();

export type RefundWithLines = Refund & { lines: { orderLineId: string; quantity: number }[] };

/** An order's refunds, oldest first, with the items of each. */
export async function refundsOf(orderId: string): Promise<RefundWithLines[]> {
  const rows = await db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.createdAt));
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(refundLines)
    .where(
      inArray(
        refundLines.refundId,
        rows.map((r) => r.id),
      ),
    );
  return rows.map((r) => ({
    ...r,
    lines: lines.filter((l) => l.refundId === r.id).map(({ orderLineId, quantity }) => ({ orderLineId, quantity })),
  }));
}

/** What the refund form offers: each line with what is left of it to refund, and the amount left. */
export async function refundPlan(orderId: string) {
  const order = await getOrder(orderId);
  if (!order) return null;
  const [taken, pending] = await Promise.all([refundedQuantities(db, orderId), pendingCentsOf(db, orderId)]);
  return {
    order,
    refundableCents: refundableCents(order, pending),
    lines: order.lines.map((line) => ({ ...line, refundable: line.quantity - (taken.get(line.id) ?? 0) })),
  };
}

const refundedOfPaid = and(eq(refunds.status, REFUND_STATUS.succeeded), eq(orders.paymentStatus, PAYMENT.succeeded));

/** What went back on paid orders, in all, by the currency they were paid in: what revenue is net of. */
export async function refundedByCurrency(): Promise<Map<string, number>> {
  const rows = await db
    .select({ currency: orders.currency, cents: sum(refunds.amountCents) })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(refundedOfPaid)
    .groupBy(orders.currency);
  return new Map(rows.map((row) => [row.currency, Number(row.cents ?? 0)]));
}

/** What went back on orders paid in `currency` since `since`, by day of the refund in `timeZone` (YYYY-MM-DD). */
export async function refundedByDay(since: Date, timeZone: string, currency: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ at: refunds.settledAt, cents: refunds.amountCents })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(and(refundedOfPaid, eq(orders.currency, currency), gte(refunds.settledAt, since)));
  const byDay = new Map<string, number>();
  for (const { at, cents } of rows) {
    const day = dayIn(at!, timeZone);
    byDay.set(day, (byDay.get(day) ?? 0) + cents);
  }
  return byDay;
}
