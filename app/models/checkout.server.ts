import { and, eq, gte, isNull, lt, sql } from "drizzle-orm";
import Stripe from "stripe";
import { config } from "~/config.server";
import { db } from "~/db/client.server";
import { newId } from "~/db/ids";
import { commitTogether } from "~/db/group-commit.server";
import { preparedOnce } from "~/db/prepared";
import { orderLines, orderStatusEvents, orders, paymentRefusals, products } from "~/db/schema";
import { formatMoney } from "~/lib/money";
import { formatOrderNumber } from "~/lib/order-number";
import { changePayment, isPlaced, PAYMENT, STRIPE_INTENT_SUCCEEDED } from "~/lib/order-states";
import { PAYMENT_PROBLEM, latePaymentRefunded } from "~/lib/payment-messages";
import { priceOrder } from "~/lib/pricing";
import { PublicError } from "~/lib/public-error";
import { CartError, cartLineRows, emptyCart, fitCart, userCart, userCartId } from "./cart.server";
import { sendQueued } from "./mail-outbox.server";
import { queueOrderMail } from "./order-mails.server";
import { nextOrderNumber } from "~/db/dialect";
import { getOrder, getOrderByIntent, type Order } from "./orders.server";
import { firstImageUrls } from "./products.server";
import type { Tx } from "~/db/client.server";
import { savedShippingInfo } from "./shipping.server";
import type { ShippingInfo } from "~/lib/shipping-schema";
import { stripe, withoutCallSite } from "./stripe.server";
import type { User } from "./users.server";

/** How long stock stays reserved for a checkout that has not been paid. */
export const RESERVATION_MS = 15 * 60 * 1000;
export { PAYMENT_PROBLEM };

export const unreachable = () => new PublicError("The payment service is not reachable right now. Please try again.", 503);
const cartIsEmpty = () => new CartError("Your cart is empty.", 400);
const cartChanged = () => new CartError("Your cart changed while you were paying. Please check it and pay again.", 409);

const placeholder = sql.placeholder;
// A placeholder inside SQL is not converted by its column: timestamps go in as epoch milliseconds
// (so can null, which a timestamp column's own conversion refuses).
const msPlaceholder = (name: string) => sql`${placeholder(name)}`;

// The statements of every checkout (see prepared.ts).
const statements = preparedOnce(() => ({
  unpaidOf: db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, placeholder("userId")), eq(orders.paymentStatus, PAYMENT.requiresPayment)))
    .prepare(),
  takeStock: db
    .update(products)
    .set({ stock: sql`${products.stock} - ${placeholder("quantity")}`, updatedAt: msPlaceholder("nowMs") })
    .where(and(eq(products.id, placeholder("productId")), gte(products.stock, placeholder("quantity"))))
    .prepare(),
  insertOrder: db
    .insert(orders)
    .values({
      id: placeholder("id"),
      orderNumber: nextOrderNumber(),
      userId: placeholder("userId"),
      userName: placeholder("userName"),
      shippingRecipientName: placeholder("shippingRecipientName"),
      shippingAddress: placeholder("shippingAddress"),
      shippingCity: placeholder("shippingCity"),
      shippingState: placeholder("shippingState"),
      shippingPhoneNo: placeholder("shippingPhoneNo"),
      shippingPostalCode: placeholder("shippingPostalCode"),
      shippingCountry: placeholder("shippingCountry"),
      itemsPriceCents: placeholder("itemsPriceCents"),
      shippingPriceCents: placeholder("shippingPriceCents"),
      taxPriceCents: placeholder("taxPriceCents"),
      totalPriceCents: placeholder("totalPriceCents"),
      paymentStatus: placeholder("paymentStatus"),
      paymentIntentId: placeholder("paymentIntentId"),
      reservedUntil: msPlaceholder("reservedUntilMs"),
      paidAt: msPlaceholder("paidAtMs"),
      createdAt: placeholder("createdAt"),
      updatedAt: placeholder("createdAt"),
    })
    .returning()
    .prepare(),
  insertLine: db
    .insert(orderLines)
    .values({
      id: placeholder("id"),
      orderId: placeholder("orderId"),
      productId: placeholder("productId"),
      name: placeholder("name"),
      priceCents: placeholder("priceCents"),
      quantity: placeholder("quantity"),
      image: placeholder("image"),
    })
    .prepare(),
  markPaid: db
    .update(orders)
    .set({
      paymentStatus: sql`${placeholder("paymentStatus")}`,
      paidAt: msPlaceholder("nowMs"),
      reservedUntil: null,
      updatedAt: msPlaceholder("nowMs"),
    })
    .where(eq(orders.id, placeholder("orderId")))
    .returning()
    .prepare(),
  intentOfOrder: db
    .select({ paymentIntentId: orders.paymentIntentId })
    .from(orders)
    .where(eq(orders.id, placeholder("orderId")))
    .prepare(),
  insertStatusEvent: db
    .insert(orderStatusEvents)
    .values({ id: placeholder("id"), orderId: placeholder("orderId"), status: placeholder("status"), createdAt: placeholder("createdAt") })
    .prepare(),
}));

/** The user's saved shipping address; 400 when there is none yet. */
function shippingOf(user: User): ShippingInfo {
  const shipping = savedShippingInfo(user);
  if (!shipping) throw new PublicError("Please enter your shipping info first.", 400);
  return shipping;
}

/** A PaymentIntent made before its order: the order is written with it, for exactly its amount. */
type IntentForOrder = { orderId: string; intentId: string; amountCents: number };

/**
 * Turns the user's cart into an unpaid order and takes its stock, in one transaction: when N
 * units remain, at most N are reserved however many shoppers start paying at once. Earlier unpaid
 * checkouts of the same user are released first. With `intent`, the order is the one that intent
 * was made for, and is refused (409) when the cart no longer costs its amount.
 */
export function reserveOrder(
  user: User,
  { now = new Date(), holdMs = RESERVATION_MS, intent }: { now?: Date; holdMs?: number; intent?: IntentForOrder } = {},
): Promise<{ order: Order; released: Order[] }> {
  const shipping = shippingOf(user);
  return commitTogether((tx) => {
    const released = statements().unpaidOf.all({ userId: user.id });
    for (const stale of released) returnStock(tx, stale.id);

    const cartId = userCartId(user.id);
    const lines = cartId ? cartLineRows(cartId) : [];
    if (lines.length === 0) throw cartIsEmpty();
    if (intent && priceOrder(lines).totalCents !== intent.amountCents) throw cartChanged();

    takeStock(lines);

    const order = insertOrder(tx, user, shipping, lines, {
      ...(intent ? { id: intent.orderId, paymentIntentId: intent.intentId } : {}),
      paymentStatus: PAYMENT.requiresPayment,
      createdAt: now,
      reservedUntil: new Date(now.getTime() + holdMs),
    });
    return { order, released };
  });
}

type StockLine = { productId: string; name: string; stock: number; quantity: number };

/**
 * Takes each line's quantity from stock (inside a transaction), only where that much is left:
 * when N units remain, at most N are sold however many buyers come at once. 409 when one is short.
 */
export function takeStock(lines: StockLine[]) {
  const nowMs = Date.now();
  for (const line of lines) {
    const taken = statements().takeStock.run({ productId: line.productId, quantity: line.quantity, nowMs });
    if (taken.changes !== 1) {
      throw new CartError(
        line.stock === 0 ? `${line.name} is out of stock.` : `Only ${line.stock} of ${line.name} left in stock.`,
        409,
      );
    }
  }
}

type OrderLineInput = StockLine & { priceCents: number };

/** Writes an order, numbered, and its lines, priced by the shop's rules (inside a transaction). */
export function insertOrder(
  tx: Tx,
  user: User,
  shipping: ShippingInfo,
  lines: OrderLineInput[],
  fields: Pick<typeof orders.$inferInsert, "id" | "paymentStatus" | "createdAt" | "reservedUntil" | "paymentIntentId" | "paidAt">,
): Order {
  const prices = priceOrder(lines);
  const createdAt = fields.createdAt ?? new Date();
  const order = statements().insertOrder.get({
    id: fields.id ?? newId(),
    userId: user.id,
    userName: user.name,
    shippingRecipientName: shipping.recipientName,
    shippingAddress: shipping.address,
    shippingCity: shipping.city,
    shippingState: shipping.state ?? null,
    shippingPhoneNo: shipping.phoneNo,
    shippingPostalCode: shipping.postalCode,
    shippingCountry: shipping.country,
    itemsPriceCents: prices.itemsCents,
    shippingPriceCents: prices.shippingCents,
    taxPriceCents: prices.taxCents,
    totalPriceCents: prices.totalCents,
    paymentStatus: fields.paymentStatus ?? PAYMENT.requiresPayment,
    paymentIntentId: fields.paymentIntentId ?? null,
    reservedUntilMs: fields.reservedUntil?.getTime() ?? null,
    paidAtMs: fields.paidAt?.getTime() ?? null,
    createdAt,
  })!;
  const images = firstImageUrls(lines.map((l) => l.productId));
  for (const l of lines) {
    statements().insertLine.run({
      id: newId(),
      orderId: order.id,
      productId: l.productId,
      name: l.name,
      priceCents: l.priceCents,
      quantity: l.quantity,
      image: images.get(l.productId) ?? null,
    });
  }
  return order;
}

/** Gives an unpaid order's stock back and marks it canceled (inside a transaction). */
function returnStock(tx: Tx, orderId: string): boolean {
  const changed = tx
    .update(orders)
    .set({ paymentStatus: changePayment(PAYMENT.requiresPayment, PAYMENT.canceled), reservedUntil: null })
    .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, PAYMENT.requiresPayment)))
    .run().changes;
  if (changed !== 1) return false;
  for (const line of tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).all()) {
    if (line.productId)
      tx.update(products).set({ stock: sql`${products.stock} + ${line.quantity}` }).where(eq(products.id, line.productId)).run();
  }
  return true;
}

/** Creates the PaymentIntent for the amount computed on the server, for the order to be written with it. */
async function createIntent(user: User, orderId: string, amountCents: number): Promise<Stripe.PaymentIntent> {
  try {
    return await withoutCallSite(() =>
      stripe().paymentIntents.create(
        {
          amount: amountCents,
          currency: "usd",
          automatic_payment_methods: { enabled: true, allow_redirects: "never" },
          metadata: { orderId, userId: user.id },
        },
        { idempotencyKey: `order-${orderId}` },
      ),
    );
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) throw unreachable();
    throw error;
  }
}

/**
 * Reserves the cart and opens a PaymentIntent for it: the start of a payment, on the shop's pages
 * and through the API. A cart whose stock changed since the buyer saw it is not charged at its new
 * total (409 with what changed), and an amount the client sends must be the server's total.
 *
 * The intent is made first, for the cart's total, so that the order is written once, with its
 * intent (one commit, see group-commit.server.ts); when the stock is gone by then, the intent is
 * canceled before anyone could pay it (its client secret was never handed out).
 */
export async function startPayment(
  user: User,
  { amountCents }: { amountCents?: number } = {},
): Promise<{ order: Order; intent: Stripe.PaymentIntent }> {
  const { rows: lines, notices } = await fitCart(userCart(user.id));
  if (notices.length) throw new CartError(notices.join(" "), 409);
  if (lines.length === 0) throw cartIsEmpty();
  const { totalCents } = priceOrder(lines);
  if (amountCents !== undefined && amountCents !== totalCents) {
    throw new PublicError(`The amount does not match your cart's total of ${formatMoney(totalCents)}.`, 400);
  }
  shippingOf(user);
  const orderId = newId();
  const intent = await createIntent(user, orderId, totalCents);
  let reserved: { order: Order; released: Order[] };
  try {
    reserved = await reserveOrder(user, { intent: { orderId, intentId: intent.id, amountCents: totalCents } });
  } catch (error) {
    await cancelIntent(intent.id);
    throw error;
  }
  await abandonAtProvider(reserved.released);
  return { order: reserved.order, intent };
}

/** After their stock went back, earlier checkouts can no longer be paid at the provider either. */
export async function abandonAtProvider(released: Order[]) {
  for (const stale of released) {
    if (stale.paymentIntentId) await cancelIntent(stale.paymentIntentId);
    else if (stale.checkoutSessionId) await expireCheckoutSession(stale.checkoutSessionId);
  }
}

/**
 * Records which intent pays an order whose intent was created by the provider (Stripe Checkout
 * creates it when the buyer pays). The order id comes from metadata the shop itself wrote.
 */
export async function linkIntentToOrder(orderId: string, intentId: string): Promise<void> {
  // Usually linked already (the shop made the intent): then there is nothing to write.
  const linked = statements().intentOfOrder.get({ orderId });
  if (!linked || linked.paymentIntentId !== null) return;
  await commitTogether((tx) =>
    tx
      .update(orders)
      .set({ paymentIntentId: intentId })
      .where(and(eq(orders.id, orderId), isNull(orders.paymentIntentId)))
      .run(),
  );
}

/** `refundedOrderId`: the payment came too late for its order and went back (see lateRefundOf). */
export type PaymentResult = { ok: true; orderId: string } | { ok: false; message: string; refundedOrderId?: string };

/** Or the card's bank wants the buyer to confirm (3D Secure) on its page first; they come back to /payment/return. */
export type CardPaymentResult = PaymentResult | { ok: false; authenticateAt: string };

export type CardInput = { number: string; expMonth: number; expYear: number; cvc: string };

/**
 * The sandbox's card form: the card goes to the payment provider (never stored), the intent is
 * confirmed, and the outcome is read back from the provider before anything is marked paid.
 */
export async function payWithCard(user: User, card: CardInput): Promise<CardPaymentResult> {
  const { order, intent } = await startPayment(user);
  try {
    const method = await stripe().paymentMethods.create({
      type: "card",
      card: { number: card.number, exp_month: card.expMonth, exp_year: card.expYear, cvc: card.cvc },
    });
    const confirmed = await stripe().paymentIntents.confirm(intent.id, {
      payment_method: method.id,
      return_url: `${config.publicUrl}/payment/return`,
    });
    const authenticateAt = confirmed.next_action?.redirect_to_url?.url;
    if (confirmed.status === "requires_action" && authenticateAt) return { ok: false, authenticateAt };
  } catch (error) {
    await releaseOrder(order.id, { cancelIntent: true });
    if (error instanceof Stripe.errors.StripeCardError) return { ok: false, message: error.message };
    if (error instanceof Stripe.errors.StripeError) return { ok: false, message: PAYMENT_PROBLEM };
    throw error;
  }
  return settlePayment(intent.id);
}

/**
 * The server-side check after a payment (the return from the card form, Stripe Elements or
 * Checkout): asks the provider for the intent's status and marks the order paid only if it
 * succeeded. The webhook leads to the same step; whichever comes first does it.
 */
export async function settlePayment(intentId: string): Promise<PaymentResult> {
  // Settled already (the provider's signed event came first): no need to ask it again.
  const settled = getOrderByIntent(intentId);
  if (settled?.paymentStatus === PAYMENT.succeeded) return { ok: true, orderId: settled.id };
  // Or its webhook is marking it paid right now: that outcome answers too.
  const marking = settling.get(intentId);
  const marked = marking && (await marking);
  if (marked?.paymentStatus === PAYMENT.succeeded) return { ok: true, orderId: marked.id };
  let intent: Stripe.PaymentIntent;
  try {
    intent = await withoutCallSite(() => stripe().paymentIntents.retrieve(intentId));
  } catch {
    return { ok: false, message: PAYMENT_PROBLEM };
  }
  // A failed 3D Secure check, say, leaves the provider's own words on the intent.
  if (intent.status !== STRIPE_INTENT_SUCCEEDED) return { ok: false, message: intent.last_payment_error?.message ?? PAYMENT_PROBLEM };
  const order = await markOrderPaid(intent.id, intent.amount_received);
  if (order?.paymentStatus === PAYMENT.succeeded) return { ok: true, orderId: order.id };
  const refund = lateRefund(getOrderByIntent(intent.id));
  return refund ? { ok: false, message: refund.message, refundedOrderId: refund.orderId } : { ok: false, message: PAYMENT_PROBLEM };
}

/**
 * What the buyer is told about an order whose payment came after its reservation lapsed and its
 * stock was gone: refunded, or being refunded (a refund the provider refused is tried again on
 * the payment's next event). Null for any other order, and for another user's.
 */
export function lateRefundOf(orderId: string, userId: string): { orderId: string; message: string } | null {
  const order = getOrder(orderId);
  return order?.userId === userId ? lateRefund(order) : null;
}

function lateRefund(order: Order | null | undefined): { orderId: string; message: string } | null {
  if (!order?.paymentIntentId) return null;
  const amount = formatMoney(order.totalPriceCents);
  if (order.paymentStatus === PAYMENT.refunded) return { orderId: order.id, message: latePaymentRefunded(amount, true) };
  const refused = db.select().from(paymentRefusals).where(eq(paymentRefusals.paymentIntentId, order.paymentIntentId)).get();
  return order.paymentStatus === PAYMENT.canceled && refused ? { orderId: order.id, message: latePaymentRefunded(amount, false) } : null;
}

// Intents being marked paid in this process right now. The webhook and the buyer's return for one
// payment arrive together: the second waits for the first's outcome instead of settling it again
// (on globalThis: server.ts answers the webhook with its own copy of this module).
const settling = ((globalThis as unknown as { __shopSettling?: Map<string, Promise<Order | null>> }).__shopSettling ??= new Map());

/**
 * Marks the order of a succeeded intent paid, empties the buyer's cart and queues the confirmation
 * mail (sent right after the commit), once: calling it again for the same intent changes nothing. If the reservation had
 * already lapsed, the stock is taken again; if it is gone, the payment is refunded.
 */
export function markOrderPaid(intentId: string, amountReceived: number, now = new Date()): Promise<Order | null> {
  const running = settling.get(intentId);
  if (running) return running;
  const marking = markPaidOnce(intentId, amountReceived, now).finally(() => settling.delete(intentId));
  settling.set(intentId, marking);
  return marking;
}

async function markPaidOnce(intentId: string, amountReceived: number, now: Date): Promise<Order | null> {
  // Paid already (the webhook and the buyer's return both come here): no write transaction.
  const known = getOrderByIntent(intentId);
  if (known && isPlaced(known.paymentStatus)) return known;
  const outcome = await commitTogether((tx) => {
    const order = getOrderByIntent(intentId);
    if (!order) return { kind: "unknown" as const };
    if (isPlaced(order.paymentStatus)) return { kind: "done" as const, order };
    if (amountReceived !== order.totalPriceCents) return { kind: "mismatch" as const, order };
    // Refused already by a call that came first (in this process or another): refunded, never paid.
    if (tx.select().from(paymentRefusals).where(eq(paymentRefusals.paymentIntentId, intentId)).get()) return { kind: "refund" as const, order };
    if (order.paymentStatus === PAYMENT.canceled) {
      // The reservation lapsed and its stock went back: take it again if it is still there.
      const lines = tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)).all();
      const stock = (productId: string) =>
        tx.select({ stock: products.stock }).from(products).where(eq(products.id, productId)).get()?.stock ?? 0;
      if (lines.some((l) => l.productId && stock(l.productId) < l.quantity)) {
        // Decided here, in the transaction: no later call can mark it paid once stock is back.
        tx.insert(paymentRefusals).values({ paymentIntentId: intentId, message: STOCK_GONE, status: 409 }).run();
        return { kind: "refund" as const, order };
      }
      for (const line of lines) {
        if (line.productId)
          tx.update(products).set({ stock: sql`${products.stock} - ${line.quantity}` }).where(eq(products.id, line.productId)).run();
      }
    }
    const paid = statements().markPaid.get({ orderId: order.id, paymentStatus: changePayment(order.paymentStatus, PAYMENT.succeeded), nowMs: now.getTime() })!;
    statements().insertStatusEvent.run({ id: newId(), orderId: order.id, status: paid.orderStatus, createdAt: now });
    if (order.userId) emptyCart(order.userId);
    // The receipt the buyer is told of, promised in this transaction (mail-outbox.server.ts).
    return { kind: "paid" as const, order: paid, mail: queueOrderMail(tx, order.id, { kind: "orderConfirmation" }) };
  });

  if (outcome.kind === "unknown") return null;
  if (outcome.kind === "refund") {
    await refundUnfulfillable(intentId);
    return null;
  }
  if (outcome.kind === "done") return outcome.order;
  if (outcome.kind === "mismatch") {
    console.error(`Payment ${intentId} received ${amountReceived} cents for order ${outcome.order.id} of ${outcome.order.totalPriceCents}: not marked paid.`);
    return null;
  }
  void sendQueued(outcome.mail);
  return outcome.order;
}

const STOCK_GONE = "The reservation lapsed and its stock was sold before the payment arrived.";

/** A payment that succeeded for an order whose stock is gone is refunded, not kept. */
export async function refundUnfulfillable(intentId: string) {
  const order = getOrderByIntent(intentId);
  if (!order || order.paymentStatus !== PAYMENT.canceled) return;
  // Idempotent at the provider (the key), so calls racing for one intent refund it once.
  try {
    await stripe().refunds.create({ payment_intent: intentId }, { idempotencyKey: `refund-${intentId}` });
    await commitTogether((tx) =>
      tx.update(orders).set({ paymentStatus: changePayment(order.paymentStatus, PAYMENT.refunded) }).where(eq(orders.id, order.id)).run(),
    );
  } catch (error) {
    console.error(`Could not refund ${intentId} for order ${order.id}:`, error);
  }
}

async function expireCheckoutSession(sessionId: string) {
  try {
    await stripe().checkout.sessions.expire(sessionId);
  } catch (error) {
    // Paid meanwhile: keep the payment, as for an intent that could not be canceled.
    const session = await stripe().checkout.sessions.retrieve(sessionId).catch(() => null);
    const settled = await settlePaidSession(session);
    if (!settled && !(error instanceof Stripe.errors.StripeInvalidRequestError)) {
      console.error(`Could not expire checkout session ${sessionId}:`, error);
    }
  }
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

async function cancelIntent(intentId: string) {
  try {
    await stripe().paymentIntents.cancel(intentId);
  } catch (error) {
    // Already succeeded (a race with the buyer's bank): keep the payment, mark the order paid.
    const intent = await stripe().paymentIntents.retrieve(intentId).catch(() => null);
    if (intent?.status === STRIPE_INTENT_SUCCEEDED) {
      await markOrderPaid(intent.id, intent.amount_received);
    } else if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) {
      console.error(`Could not cancel payment ${intentId}:`, error);
    }
  }
}

/** Gives back the stock of an unpaid order and, if asked, cancels its intent at the provider. */
export async function releaseOrder(orderId: string, { cancelIntent: cancel }: { cancelIntent: boolean }) {
  const released = await commitTogether((tx) => returnStock(tx, orderId));
  const order = getOrder(orderId);
  if (released && cancel && order) await abandonAtProvider([order]);
}

/** Releases every reservation whose time ran out (run every minute by the server). */
export async function releaseLapsedReservations(now = new Date()): Promise<number> {
  const lapsed = db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.paymentStatus, PAYMENT.requiresPayment), lt(orders.reservedUntil, now)))
    .all();
  for (const { id } of lapsed) await releaseOrder(id, { cancelIntent: true });
  return lapsed.length;
}
