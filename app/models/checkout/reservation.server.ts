import { and, eq, isNull, lt, sql } from "drizzle-orm";
import { db, type Tx } from "~/db/client.server";
import { nextOrderNumber, rowsAffected, msPlaceholder, preparedOnce } from "~/db/dialect";
import { commitTogether } from "~/db/commit.server";
import { newId } from "~/db/ids";
import { orderLines, orders } from "~/db/schema";
import { changePayment, PAYMENT } from "~/lib/order-states";
import { mailboxOf } from "~/lib/mailbox";
import { PublicError } from "~/lib/public-error";
import type { ShippingInfo } from "~/lib/shipping-schema";
import { CartError, cartLineRows, lockedCartId } from "~/models/cart";
import type { Order } from "~/models/orders";
import {
  pricingContext,
  quoteWith,
  type OrderQuote,
  cartDiscountContext,
  customerWith,
  checkDiscountUses,
  keepDiscountUses,
  releaseDiscountUses,
  takeDiscountUsesAgain,
} from "~/models/pricing";
import { firstImageUrls } from "~/models/catalogue";
import { allInStock, giveStockBack, takeStock, type StockItem } from "~/models/inventory";
import { asBuyer, type Buyer, type BuyerOrUser } from "./buyer.server";

// The reservation: an unpaid order that holds its stock until it is paid, released, or its time
// runs out. Stock is taken and given back here only, always inside the caller's transaction. The
// payment statuses these writes move are drawn in settlement.server.ts.

/** How long stock stays reserved for a checkout that has not been paid. */
export const RESERVATION_MS = 15 * 60 * 1000;

export const cartIsEmpty = () => new CartError("Your cart is empty.", 400);
const cartChanged = () => new CartError("Your cart changed while you were paying. Please check it and pay again.", 409);

const placeholder = sql.placeholder;

// The statements of every checkout (see preparedOnce in the dialect).
const statements = preparedOnce((q) => ({
  unpaidOf: q
    .select()
    .from(orders)
    .where(and(eq(orders.userId, placeholder("userId")), eq(orders.paymentStatus, PAYMENT.requiresPayment)))
    .prepare(),
  unpaidOfGuestCart: q
    .select()
    .from(orders)
    .where(
      and(
        isNull(orders.userId),
        eq(orders.cartId, placeholder("cartId")),
        eq(orders.paymentStatus, PAYMENT.requiresPayment),
      ),
    )
    .prepare(),
  insertOrder: q
    .insert(orders)
    .values({
      id: placeholder("id"),
      orderNumber: nextOrderNumber(),
      userId: placeholder("userId"),
      userName: placeholder("userName"),
      guestEmail: placeholder("guestEmail"),
      mailbox: placeholder("mailbox"),
      cartId: placeholder("cartId"),
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
      discountCents: placeholder("discountCents"),
      shippingMethod: placeholder("shippingMethod"),
      taxName: placeholder("taxName"),
      taxRateBp: placeholder("taxRateBp"),
      taxIncluded: placeholder("taxIncluded"),
      taxOnShipping: placeholder("taxOnShipping"),
      currency: placeholder("currency"),
      locale: placeholder("locale"),
      paymentStatus: placeholder("paymentStatus"),
      paymentIntentId: placeholder("paymentIntentId"),
      reservedUntil: msPlaceholder("reservedUntilMs"),
      paidAt: msPlaceholder("paidAtMs"),
      createdAt: placeholder("createdAt"),
      updatedAt: placeholder("createdAt"),
    })
    .returning()
    .prepare(),
  insertLine: q
    .insert(orderLines)
    .values({
      id: placeholder("id"),
      orderId: placeholder("orderId"),
      productId: placeholder("productId"),
      variantId: placeholder("variantId"),
      variantTitle: placeholder("variantTitle"),
      sku: placeholder("sku"),
      name: placeholder("name"),
      priceCents: placeholder("priceCents"),
      quantity: placeholder("quantity"),
      image: placeholder("image"),
    })
    .prepare(),
}));

/** The buyer's shipping address; 400 when there is none yet. */
export function shippingOf(who: BuyerOrUser): ShippingInfo {
  const { shipping } = asBuyer(who);
  if (!shipping) throw new PublicError("Please enter your shipping info first.", 400);
  return shipping;
}

/** A PaymentIntent made before its order: the order is written with it, for exactly its amount. */
export type IntentForOrder = { orderId: string; intentId: string; amountCents: number };

/**
 * Turns the user's cart into an unpaid order and takes its stock, in one transaction: when N
 * units remain, at most N are reserved however many shoppers start paying at once. Earlier unpaid
 * checkouts of the same user are released first (`released`: the caller abandons them at the
 * provider, after the commit). With `intent`, the order is the one that intent was made for, and
 * is refused (409) when the cart no longer costs its amount.
 */
export async function reserveOrder(
  who: BuyerOrUser,
  { now = new Date(), holdMs = RESERVATION_MS, intent }: { now?: Date; holdMs?: number; intent?: IntentForOrder } = {},
): Promise<{ order: Order; released: Order[] }> {
  const buyer = asBuyer(who);
  const shipping = shippingOf(buyer);
  const [pricing, discounts] = await Promise.all([pricingContext(), cartDiscountContext(buyer, now)]);
  return commitTogether(async (tx) => {
    // The buyer's checkouts queue on their cart: each finds the one before it unpaid, and releases it.
    const cartId = await lockedCartId(buyer.cart, tx);
    const released = await unpaidCheckoutsOf(tx, buyer);
    for (const stale of released) await releaseReservation(tx, stale.id);

    const lines = cartId ? await cartLineRows(cartId, tx) : [];
    if (lines.length === 0) throw cartIsEmpty();
    const quote = quoteWith(pricing, lines, shipping, { methodId: buyer.shippingMethodId, discounts });
    if (intent && quote.prices.totalCents !== intent.amountCents) throw cartChanged();
    const discountRefused = await checkDiscountUses(tx, customerOf(buyer), quote.discounts);
    if (discountRefused) throw discountRefused;

    await takeStock(tx, lines);

    const order = await insertOrder(tx, buyer, shipping, lines, quote, {
      ...(intent ? { id: intent.orderId, paymentIntentId: intent.intentId } : {}),
      paymentStatus: PAYMENT.requiresPayment,
      createdAt: now,
      reservedUntil: new Date(now.getTime() + holdMs),
    });
    return { order, released };
  });
}

/** The buyer's checkouts still unpaid: their account's, or (a guest) their cart's. */
function unpaidCheckoutsOf(tx: Tx, buyer: Buyer): Promise<Order[]> {
  if (buyer.userId) return statements(tx).unpaidOf.execute({ userId: buyer.userId });
  return statements(tx).unpaidOfGuestCart.execute({ cartId: buyer.cart.cartId ?? "" });
}

/** Whose uses of a discount count against its per-customer limit: the account's and its e-mail's, or a guest's e-mail's. */
export const customerOf = (buyer: Buyer) => customerWith(buyer.userId, buyer.email);

type StockLine = StockItem & { stock: number; sku?: string | null; variantImage?: string | null };

type OrderLineInput = StockLine & { priceCents: number };

/**
 * Writes an order, numbered, and its lines, priced as `quote` says (what the shop's rules made of
 * them), and takes a use of each discount it got (checked first by the caller: checkDiscountUses).
 */
export async function insertOrder(
  tx: Tx,
  who: BuyerOrUser,
  shipping: ShippingInfo,
  lines: OrderLineInput[],
  { prices, method, tax, discounts, money }: OrderQuote,
  fields: Pick<
    typeof orders.$inferInsert,
    "id" | "paymentStatus" | "createdAt" | "reservedUntil" | "paymentIntentId" | "paidAt"
  >,
): Promise<Order> {
  const buyer = asBuyer(who);
  const createdAt = fields.createdAt ?? new Date();
  const [order] = await statements(tx).insertOrder.execute({
    id: fields.id ?? newId(),
    userId: buyer.userId,
    userName: buyer.name,
    guestEmail: buyer.userId ? null : buyer.email,
    mailbox: buyer.email ? mailboxOf(buyer.email) : null,
    cartId: buyer.userId ? null : buyer.cart.cartId,
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
    discountCents: prices.discountCents,
    shippingMethod: method.name,
    taxName: tax.name,
    taxRateBp: tax.rateBp,
    taxIncluded: tax.included,
    taxOnShipping: tax.onShipping,
    currency: money.currency,
    locale: money.locale,
    paymentStatus: fields.paymentStatus ?? PAYMENT.requiresPayment,
    paymentIntentId: fields.paymentIntentId ?? null,
    reservedUntilMs: fields.reservedUntil?.getTime() ?? null,
    paidAtMs: fields.paidAt?.getTime() ?? null,
    createdAt,
  });
  const images = await firstImageUrls(
    lines.map((l) => l.productId),
    tx,
  );
  for (const l of lines) {
    await statements(tx).insertLine.execute({
      id: newId(),
      orderId: order.id,
      productId: l.productId,
      variantId: l.variantId || null,
      variantTitle: l.variantTitle ?? null,
      sku: l.sku ?? null,
      name: l.name,
      priceCents: l.priceCents,
      quantity: l.quantity,
      image: l.variantImage ?? images.get(l.productId) ?? null,
    });
  }
  await keepDiscountUses(tx, order.id, discounts);
  return order;
}

/** Gives an unpaid order's stock back and marks it canceled; false when it was not unpaid (paid, released already). */
export async function releaseReservation(tx: Tx, orderId: string): Promise<boolean> {
  const changed = await tx
    .update(orders)
    .set({ paymentStatus: changePayment(PAYMENT.requiresPayment, PAYMENT.canceled), reservedUntil: null })
    .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, PAYMENT.requiresPayment)));
  if (rowsAffected(changed) !== 1) return false;
  await releaseDiscountUses(tx, orderId);
  await giveStockBack(tx, await stockOfOrder(tx, orderId));
  return true;
}

/** What an order's lines took from stock (those whose product still exists). */
async function stockOfOrder(tx: Tx, orderId: string): Promise<StockItem[]> {
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId));
  return lines.flatMap(({ productId, variantId, quantity, name }) =>
    productId ? [{ productId, variantId, quantity, name }] : [],
  );
}

/**
 * Takes the stock of a released order again (its payment came after the reservation lapsed), and
 * the uses of its discounts, all of it or nothing: false, with nothing written, when some is gone.
 */
export async function takeStockAgain(tx: Tx, orderId: string): Promise<boolean> {
  const items = await stockOfOrder(tx, orderId);
  // Read, then written: the rows stay locked in between (a no-op on SQLite, see lockRows).
  if (!(await allInStock(tx, items))) return false;
  // All of its discounts' uses or none (it gives back what it took when one is gone).
  if (!(await takeDiscountUsesAgain(tx, orderId))) return false;
  await takeStock(tx, items);
  return true;
}

/** The unpaid orders whose reservation ran out by `now`. */
export async function lapsedReservations(now: Date): Promise<string[]> {
  const lapsed = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.paymentStatus, PAYMENT.requiresPayment), lt(orders.reservedUntil, now)));
  return lapsed.map(({ id }) => id);
}
