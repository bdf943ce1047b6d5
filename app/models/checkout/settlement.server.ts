import { and, eq, isNull, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { db } from "~/db/client.server";
import { commitTogether } from "~/db/commit.server";
import { newId } from "~/db/ids";
import { lockedRead, msPlaceholder, preparedOnce, rowsAffected } from "~/db/dialect";
import {
  lockInvoiceNumbers,
  nextInvoiceNumber,
  queuePaidOrderMails,
  sendAllQueued,
  getOrder,
  getOrderByIntent,
  type Order,
} from "~/models/orders";
import { orderStatusEvents, orders, paymentRefusals, refunds } from "~/db/schema";
import { REFUND_SOURCE, REFUND_STATUS } from "~/lib/refunds";
import { getShopSettings } from "~/models/settings";
import { moneyFormatOf, moneyFormatter } from "~/lib/money";
import { changePayment, isPlaced, PAYMENT, STRIPE_INTENT_SUCCEEDED } from "~/lib/order-states";
import { PAYMENT_PROBLEM, latePaymentRefunded } from "~/lib/payment-messages";
import { emptyCart, emptyCartById } from "~/models/cart";
import { buyerOwns, type Buyer } from "./buyer.server";
import { cancelIntentAt, expireSessionAt, refundAt, retrieveIntent } from "./payment-provider.server";
import { lapsedReservations, releaseReservation, takeStockAgain } from "./reservation.server";

// Settlement: what the shop decides once the payment provider has answered. Every change of an
// order's payment status made by a checkout happens in this module or in the reservation's writes
// it names below; the allowed moves themselves are PAYMENT_TRANSITIONS (app/lib/order-states.ts).
//
// Payment status (orders.payment_status):
//
//   reserveOrder (reservation.server.ts)                 a client cart's order (client-cart-checkout):
//   stock taken, held 15 min (32 for Stripe Checkout)    written paid, stock taken, in one transaction
//        │                                                               │
//        ▼                                                               ▼
//   requires_payment ────────────── markOrderPaid ────────────────▶ succeeded
//        │                                                               ▲  paid_at set, reservation cleared,
//        │ releaseOrder → releaseReservation: stock back                 │  status event "Processing", cart
//        │   the reservation lapsed (releaseLapsedReservations,          │  emptied, confirmation mail queued:
//        │   every minute); the same buyer starts again (reserveOrder);  │  all in the one transaction
//        │   a refused card (payWithCard); the intent canceled or the    │
//        │   session expired at the provider (webhook); Checkout could   │
//        │   not start; the admin deletes the unpaid order               │
//        ▼                                                               │
//     canceled ─── markOrderPaid, paid late: takeStockAgain, if all of ──┘
//        │         its stock is still there
//        │
//        └──── markOrderPaid, paid late, stock gone: a payment_refusals row in that transaction
//              (no later call marks it paid, even once stock is back), then refundUnfulfillable
//              refunds at the provider and writes ──────────────────────────▶ refunded
//
// Only settlement writes succeeded (but for the client cart's order, born paid) or refunded; neither
// ever changes again. The order status (orders.order_status, fulfilment) starts at Processing with
// the order: the paid order's first status event is written by markOrderPaid (or with the
// client-cart order); the admin moves it on (Processing → Shipped → Delivered, admin-orders), not
// the checkout.
//
// Who marks an order paid: whichever comes first of
//   - the webhook (payment-events.server.ts), a signed event from the provider:
//       payment_intent.succeeded → settleSucceededIntent → markOrderPaid
//       checkout.session.completed, .async_payment_succeeded → settlePaidSession → settlePayment
//       payment_intent.canceled, checkout.session.expired → releaseOrder
//   - the server-side check, settlePayment: the buyer back from the card form, 3D Secure, Stripe
//     Elements or Checkout (stripe-checkout.server.ts), or the API's POST /order/new. It asks the
//     provider for the intent's status (never the browser) and calls markOrderPaid.
//   - cancelIntent, which finds that the intent it was to cancel got paid meanwhile.
// The second finds the work done: in this process it waits for the first's outcome (`settling`);
// across processes the transaction locks the order's row, reads it and the refusal again, and
// changes nothing.
//
// The provider is never called inside a transaction (commitTogether holds the process's write
// lock): each function calls it before or after its commit.

const placeholder = sql.placeholder;

// The statements of every paid order (see preparedOnce in the dialect).
const statements = preparedOnce((q) => ({
  lockedOrderOfIntent: lockedRead(
    q
      .select()
      .from(orders)
      .where(eq(orders.paymentIntentId, placeholder("intentId"))),
  ).prepare(),
  markPaid: q
    .update(orders)
    .set({
      paymentStatus: sql`${placeholder("paymentStatus")}`,
      paidAt: msPlaceholder("nowMs"),
      invoiceNumber: nextInvoiceNumber(),
      reservedUntil: null,
      updatedAt: msPlaceholder("nowMs"),
    })
    .where(eq(orders.id, placeholder("orderId")))
    .returning()
    .prepare(),
  intentOfOrder: q
    .select({ paymentIntentId: orders.paymentIntentId })
    .from(orders)
    .where(eq(orders.id, placeholder("orderId")))
    .prepare(),
  insertStatusEvent: q
    .insert(orderStatusEvents)
    .values({
      id: placeholder("id"),
      orderId: placeholder("orderId"),
      status: placeholder("status"),
      createdAt: placeholder("createdAt"),
    })
    .prepare(),
}));

/** `refundedOrderId`: the payment came too late for its order and went back (see lateRefundOf). */
export type PaymentResult = { ok: true; orderId: string } | { ok: false; message: string; refundedOrderId?: string };

/**
 * Records which intent pays an order whose intent was created by the provider (Stripe Checkout
 * creates it when the buyer pays). The order id comes from metadata the shop itself wrote.
 */
async function linkIntentToOrder(orderId: string, intentId: string): Promise<void> {
  // Usually linked already (the shop made the intent): then there is nothing to write.
  const [linked] = await statements(db).intentOfOrder.execute({ orderId });
  if (!linked || linked.paymentIntentId !== null) return;
  await commitTogether(async (tx) => {
    await tx
      .update(orders)
      .set({ paymentIntentId: intentId })
      .where(and(eq(orders.id, orderId), isNull(orders.paymentIntentId)));
  });
}

/** The provider's word that an intent succeeded (its webhook event): the order it pays is marked paid. */
export async function settleSucceededIntent(intent: Stripe.PaymentIntent): Promise<void> {
  // Intents made by Stripe Checkout carry the order id the shop put in payment_intent_data.
  if (intent.metadata?.orderId) await linkIntentToOrder(intent.metadata.orderId, intent.id);
  await markOrderPaid(intent.id, intent.amount_received);
}

/**
 * The server-side check after a payment (the return from the card form, Stripe Elements or
 * Checkout): asks the provider for the intent's status and marks the order paid only if it
 * succeeded. The webhook leads to the same step; whichever comes first does it.
 */
export async function settlePayment(intentId: string): Promise<PaymentResult> {
  // Settled already (the provider's signed event came first): no need to ask it again.
  const settled = await getOrderByIntent(intentId);
  if (settled?.paymentStatus === PAYMENT.succeeded) return { ok: true, orderId: settled.id };
  // Or its webhook is marking it paid right now: that outcome answers too.
  const marking = settling.get(intentId);
  const marked = marking && (await marking);
  if (marked?.paymentStatus === PAYMENT.succeeded) return { ok: true, orderId: marked.id };
  const intent = await retrieveIntent(intentId);
  if (!intent) return { ok: false, message: PAYMENT_PROBLEM };
  // A failed 3D Secure check, say, leaves the provider's own words on the intent.
  if (intent.status !== STRIPE_INTENT_SUCCEEDED)
    return { ok: false, message: intent.last_payment_error?.message ?? PAYMENT_PROBLEM };
  const order = await markOrderPaid(intent.id, intent.amount_received, { readBefore: settled });
  if (order?.paymentStatus === PAYMENT.succeeded) return { ok: true, orderId: order.id };
  const refund = await lateRefund(await getOrderByIntent(intent.id));
  return refund
    ? { ok: false, message: refund.message, refundedOrderId: refund.orderId }
    : { ok: false, message: PAYMENT_PROBLEM };
}

/**
 * A Checkout Session the buyer has paid: links the intent Stripe made to the order (by default the
 * one named in the metadata the shop wrote) and settles it. Null when the session is not paid.
 */
export async function settlePaidSession(
  session: Stripe.Checkout.Session | null,
  orderId = session?.metadata?.orderId,
): Promise<PaymentResult | null> {
  if (!session || session.payment_status !== "paid" || !session.payment_intent || !orderId) return null;
  const intentId = typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent.id;
  await linkIntentToOrder(orderId, intentId);
  return settlePayment(intentId);
}

/**
 * What the buyer is told about an order whose payment came after its reservation lapsed and its
 * stock was gone: refunded, or being refunded (a refund the provider refused is tried again on
 * the payment's next event). Null for any other order, and for another user's.
 */
export async function lateRefundOf(
  orderId: string,
  buyer: Buyer,
): Promise<{ orderId: string; message: string } | null> {
  const order = await getOrder(orderId);
  return order && buyerOwns(buyer, order) ? lateRefund(order) : null;
}

async function lateRefund(order: Order | null | undefined): Promise<{ orderId: string; message: string } | null> {
  if (!order?.paymentIntentId) return null;
  const amount = moneyFormatter(moneyFormatOf(order))(order.totalPriceCents);
  if (order.paymentStatus === PAYMENT.refunded)
    return { orderId: order.id, message: latePaymentRefunded(amount, true) };
  if (order.paymentStatus !== PAYMENT.canceled) return null;
  const [refused] = await db
    .select()
    .from(paymentRefusals)
    .where(eq(paymentRefusals.paymentIntentId, order.paymentIntentId))
    .limit(1);
  return refused ? { orderId: order.id, message: latePaymentRefunded(amount, false) } : null;
}

// Intents being marked paid in this process right now. The webhook and the buyer's return for one
// payment arrive together: the second waits for the first's outcome instead of settling it again.
const settling = new Map<string, Promise<Order | null>>();

/**
 * Marks the order of a succeeded intent paid, empties the buyer's cart and queues the confirmation
 * mail (sent right after the commit), once: calling it again for the same intent changes nothing.
 * If the reservation had already lapsed, the stock is taken again; if it is gone, the payment is
 * refunded.
 */
export function markOrderPaid(
  intentId: string,
  amountReceived: number,
  { now = new Date(), readBefore }: { now?: Date; readBefore?: Order } = {},
): Promise<Order | null> {
  const running = settling.get(intentId);
  if (running) return running;
  const marking = markPaidOnce(intentId, amountReceived, now, readBefore).finally(() => settling.delete(intentId));
  settling.set(intentId, marking);
  return marking;
}

const STOCK_GONE = "The reservation lapsed and its stock was sold before the payment arrived.";
const CANCELLED = "The order was cancelled before its payment arrived.";

/** `readBefore`: the order as the caller read it a moment ago (only to skip the transaction when it was paid). */
async function markPaidOnce(
  intentId: string,
  amountReceived: number,
  now: Date,
  readBefore: Order | undefined,
): Promise<Order | null> {
  // Paid already (the webhook and the buyer's return both come here): no write transaction.
  const known = readBefore ?? (await getOrderByIntent(intentId));
  if (known && isPlaced(known.paymentStatus)) return known;
  // Read before the transaction, whose body awaits only its own queries (queuePaidOrderMails).
  const settings = await getShopSettings();
  const outcome = await commitTogether(async (tx) => {
    // Locked: another call marking it paid, or a release, waits until this one commits.
    const [order] = await statements(tx).lockedOrderOfIntent.execute({ intentId });
    if (!order) return { kind: "unknown" as const };
    if (isPlaced(order.paymentStatus)) return { kind: "done" as const, order };
    if (amountReceived !== order.totalPriceCents) return { kind: "mismatch" as const, order };
    // Refused already by a call that came first (in this process or another): refunded, never paid.
    const [refused] = await tx
      .select()
      .from(paymentRefusals)
      .where(eq(paymentRefusals.paymentIntentId, intentId))
      .limit(1);
    if (refused) return { kind: "refund" as const, order };
    // The admin cancelled it before the payment came: never paid, refunded.
    if (order.cancelledAt) {
      await tx.insert(paymentRefusals).values({ paymentIntentId: intentId, message: CANCELLED, status: 409 });
      return { kind: "refund" as const, order };
    }
    // The reservation lapsed and its stock went back: take it again if it is still there.
    if (order.paymentStatus === PAYMENT.canceled && !(await takeStockAgain(tx, order.id))) {
      // Decided here, in the transaction: no later call can mark it paid once stock is back.
      await tx.insert(paymentRefusals).values({ paymentIntentId: intentId, message: STOCK_GONE, status: 409 });
      return { kind: "refund" as const, order };
    }
    await lockInvoiceNumbers(tx);
    const [paid] = await statements(tx).markPaid.execute({
      orderId: order.id,
      paymentStatus: changePayment(order.paymentStatus, PAYMENT.succeeded),
      nowMs: now.getTime(),
    });
    await statements(tx).insertStatusEvent.execute({
      id: newId(),
      orderId: order.id,
      status: paid.orderStatus,
      createdAt: now,
    });
    if (order.userId) await emptyCart(tx, order.userId);
    else if (order.cartId) await emptyCartById(tx, order.cartId);
    // The receipt the buyer is told of (and the owner's news of the order), promised in this
    // transaction (mail-outbox.server.ts).
    const mails = await queuePaidOrderMails(tx, order.id, settings);
    return { kind: "paid" as const, order: paid, mails };
  });

  switch (outcome.kind) {
    case "unknown":
      return null;
    case "refund":
      await refundUnfulfillable(intentId);
      return null;
    case "done":
      return outcome.order;
    case "mismatch":
      console.error(
        `Payment ${intentId} received ${amountReceived} cents for order ${outcome.order.id} of ${outcome.order.totalPriceCents}: not marked paid.`,
      );
      return null;
    case "paid":
      void sendAllQueued(outcome.mails);
      return outcome.order;
  }
}

/** A payment that succeeded for an order whose stock is gone is refunded, not kept. */
export async function refundUnfulfillable(intentId: string) {
  const order = await getOrderByIntent(intentId);
  if (!order || order.paymentStatus !== PAYMENT.canceled) return;
  try {
    await refundAt(intentId);
    await commitTogether(async (tx) => {
      const changed = await tx
        .update(orders)
        .set({
          paymentStatus: changePayment(order.paymentStatus, PAYMENT.refunded),
          refundedCents: order.totalPriceCents,
        })
        .where(and(eq(orders.id, order.id), eq(orders.paymentStatus, PAYMENT.canceled)));
      // The refund on the order's record, as the admin's refunds are.
      if (rowsAffected(changed) === 1)
        await tx.insert(refunds).values({
          orderId: order.id,
          amountCents: order.totalPriceCents,
          reason: order.cancelledAt ? CANCELLED : STOCK_GONE,
          source: REFUND_SOURCE.shop,
          status: REFUND_STATUS.succeeded,
          settledAt: new Date(),
        });
    });
  } catch (error) {
    console.error(`Could not refund ${intentId} for order ${order.id}:`, error);
  }
}

/** Cancels an unpaid intent at the provider; one that was paid meanwhile is kept, and its order marked paid. */
export async function cancelIntent(intentId: string) {
  const paidMeanwhile = await cancelIntentAt(intentId);
  if (paidMeanwhile) await markOrderPaid(paidMeanwhile.id, paidMeanwhile.amount_received);
}

async function expireCheckoutSession(sessionId: string) {
  const failed = await expireSessionAt(sessionId);
  if (!failed) return;
  // Paid meanwhile: keep the payment, as for an intent that could not be canceled.
  const settled = await settlePaidSession(failed.session);
  if (!settled && failed.unexpected)
    console.error(`Could not expire checkout session ${sessionId}:`, failed.unexpected);
}

/** After their stock went back, earlier checkouts can no longer be paid at the provider either. */
export async function abandonAtProvider(released: Order[]) {
  for (const stale of released) {
    if (stale.paymentIntentId) await cancelIntent(stale.paymentIntentId);
    else if (stale.checkoutSessionId) await expireCheckoutSession(stale.checkoutSessionId);
  }
}

/** Gives back the stock of an unpaid order and, if asked, cancels its intent at the provider. */
export async function releaseOrder(orderId: string, { cancelIntent: cancel }: { cancelIntent: boolean }) {
  const released = await commitTogether((tx) => releaseReservation(tx, orderId));
  const order = await getOrder(orderId);
  if (released && cancel && order) await abandonAtProvider([order]);
}

/** Releases every reservation whose time ran out (run every minute by the server). */
export async function releaseLapsedReservations(now = new Date()): Promise<number> {
  const lapsed = await lapsedReservations(now);
  for (const id of lapsed) await releaseOrder(id, { cancelIntent: true });
  return lapsed.length;
}
