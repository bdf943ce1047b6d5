import { and, eq, inArray, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { db, type Queryable, type Tx } from "~/db/client.server";
import { commitTogether } from "~/db/commit.server";
import { getShopSettings, shopMoney } from "~/models/settings";
import { inList, listParam, lockName } from "~/db/dialect";
import { orderStatusEvents, orders, paymentRefusals, productVariants, products } from "~/db/schema";
import { PAYMENT, STRIPE_INTENT_SUCCEEDED } from "~/lib/order-states";
import { PAYMENT_PROBLEM } from "~/lib/payment-messages";
import { PublicError } from "~/lib/public-error";
import type { ApiShippingInfo, ShippingInfo } from "~/lib/shipping-schema";
import { NO_VARIANT, cartLinesOf, pricedProductColumns, unchosenVariant, userCart } from "~/models/cart";
import type { QueuedMail } from "~/models/mail";
import {
  queuePaidOrderMails,
  sendAllQueued,
  getOrder,
  getOrderByIntent,
  type Order,
  type OrderWithLines,
  numberInvoice,
} from "~/models/orders";
import {
  pricingContext,
  quoteWith,
  type Destination,
  type OrderQuote,
  type PricingContext,
  countryOfList,
  checkDiscountUses,
  customerWith,
  discountContext,
  type DiscountContext,
} from "~/models/pricing";
import type { QuotePayload } from "~/lib/api-payloads";
import { centsToDollars } from "~/lib/money";
import type { User } from "~/models/types";
import type { Buyer } from "./buyer.server";
import { startPayment } from "./intent-checkout.server";
import { createAmountIntent, intentWithRefunds, refundAt } from "./payment-provider.server";
import { insertOrder } from "./reservation.server";
import { lockProducts, notEnoughStock, takeStock } from "~/models/inventory";
import { settlePayment } from "./settlement.server";
import { watchClientCartIntent } from "./payment-sweeper.server";

// The API's checkout for clients that keep the cart in the browser (the specification's own
// client): the intent is made for the amount the client asks, and the order is made afterwards
// from the posted lines, priced here, only if the intent paid exactly that price.

/** Marks, in the intent's metadata, an intent made for a cart the shop has not seen. */
const CLIENT_CART = "client";
// Stripe's bounds for a charge in dollars.
const MIN_AMOUNT_CENTS = 50;
const MAX_AMOUNT_CENTS = 99_999_999;

/** A line of a client's cart: a product, its variant when it has options, and how many. */
export type ClientCartLine = { productId: string; variantId?: string; quantity: number };
type ClientItem = { productId: string; variantId: string; quantity: number };

export type ApiOrderInput = {
  intentId: string;
  /** The total the client believes it paid, in cents (checked against a server-cart order). */
  totalCents?: number;
  /** The client's cart: present when the shop has no order for the intent yet. */
  lines?: ClientCartLine[];
  shipping?: ApiShippingInfo;
  /** The shipping method's id; the zone's first that can carry the order when left out. */
  shippingMethod?: string;
  /** A discount code: the order is refused (and refunded) when it does not apply. */
  couponCode?: string;
};

const noOrder = () => new PublicError("No order for this payment", 404);

/** A buyer through the API without an account: known by the e-mail (lower case) they gave. */
export type ApiGuest = { guestEmail: string };
/** Who pays through the API: a signed-in user, or a guest. */
export type ApiPayer = User | ApiGuest;

const isGuest = (who: ApiPayer): who is ApiGuest => !("id" in who);
const guestEmailOf = (guest: ApiGuest) => guest.guestEmail.trim().toLowerCase();

/** Whether an order made for an intent is this payer's: their account's, or bought with the guest's e-mail. */
function paidBy(who: ApiPayer, order: Pick<Order, "userId" | "guestEmail">): boolean {
  // A guest's order stays theirs once it joined the account of its e-mail (adoptGuestOrders).
  return isGuest(who) ? order.guestEmail === guestEmailOf(who) : order.userId === who.id;
}

/** Whose uses of a discount count against its per-customer limit. */
const customerOfPayer = (who: ApiPayer) =>
  isGuest(who) ? customerWith(null, guestEmailOf(who)) : customerWith(who.id, who.email);

/** The checkout's buyer of a client cart: the user, or the guest with the recipient's name (there is no cart on the server). */
function payerBuyer(who: ApiPayer, shipTo: ShippingInfo): User | Buyer {
  if (!isGuest(who)) return who;
  return {
    userId: null,
    cart: { userId: null, cartId: null },
    name: shipTo.recipientName,
    email: guestEmailOf(who),
    shipping: shipTo,
    shippingMethodId: null,
  };
}

async function hasServerCart(user: User): Promise<boolean> {
  return (await cartLinesOf(userCart(user.id))).length > 0;
}

/**
 * POST /api/v1/payment/process: with a cart on the server, its checkout (the amount must be its
 * total). Without one, an intent for the amount the client asks, bound to the user (or, for a
 * guest, to their e-mail); nothing can be checked yet, the order is checked against it when it is
 * made (confirmApiOrder). A guest has no cart on the server: always the client's.
 */
export async function startApiPayment(who: ApiPayer, amountCents: number): Promise<Stripe.PaymentIntent> {
  if (!isGuest(who) && (await hasServerCart(who))) return (await startPayment(who, { amountCents })).intent;
  if (amountCents < MIN_AMOUNT_CENTS || amountCents > MAX_AMOUNT_CENTS) {
    const formatMoney = await shopMoney();
    throw new PublicError(
      `The amount must be between ${formatMoney(MIN_AMOUNT_CENTS)} and ${formatMoney(MAX_AMOUNT_CENTS)}.`,
      400,
    );
  }
  const intent = await createAmountIntent(
    amountCents,
    isGuest(who) ? { guestEmail: guestEmailOf(who), cart: CLIENT_CART } : { userId: who.id, cart: CLIENT_CART },
  );
  // Watched until it has an order (or is refunded): a client that pays and never calls order/new.
  await watchClientCartIntent(intent.id, isGuest(who) ? null : who.id, amountCents);
  return intent;
}

/**
 * POST /api/v1/order/new: the order of a paid intent. A server-cart checkout's order already
 * exists and is confirmed; a client cart's is made now (placeClientCartOrder). Idempotent: the
 * same intent answers the same order. A guest's intent is theirs by the e-mail it was made for:
 * another e-mail, or a user's intent, is answered as no order at all.
 */
export async function confirmApiOrder(who: ApiPayer, input: ApiOrderInput): Promise<OrderWithLines> {
  const existing = await getOrderByIntent(input.intentId);
  if (existing) {
    if (!paidBy(who, existing)) throw noOrder();
    if (input.totalCents !== undefined && input.totalCents !== existing.totalPriceCents) {
      const formatMoney = await shopMoney();
      throw new PublicError(
        `The total does not match the order's total of ${formatMoney(existing.totalPriceCents)}.`,
        400,
      );
    }
    const result = await settlePayment(input.intentId);
    // A payment that came after its reservation lapsed, its stock gone: refunded, as for a client cart.
    if (!result.ok) throw new PublicError(result.message, result.refundedOrderId ? 409 : 400);
    return (await getOrder(result.orderId))!;
  }
  if (!input.lines || !input.shipping) throw noOrder();
  return placeClientCartOrder(who, input.intentId, input.lines, input.shipping, {
    shippingMethod: input.shippingMethod,
    couponCode: input.couponCode,
  });
}

/** Why the order of a paid intent cannot be made: the payment goes back before the client hears of it. */
type Refusal = { message: string; status: PublicError["status"] };

type Placed = { order: Order; created: boolean; mails?: QueuedMail[] } | { refused: Refusal };

/**
 * Makes the order of a client cart paid by `intentId`: only if the provider says the intent, made
 * for this payer, succeeded for exactly the server's total of these lines; the stock is taken in
 * the same transaction. When it cannot be made (stock gone, wrong amount, product gone) the
 * payment is refunded and the answer says so.
 *
 * Calls for one intent may run at once, in different processes. The order and the refusal are
 * each decided and written in one transaction that holds the intent's lock (SQLite's IMMEDIATE
 * transaction, PostgreSQL's lock on its name) and sees the other's row if it came first: an intent
 * gets an order or a refund, never both.
 */
async function placeClientCartOrder(
  who: ApiPayer,
  intentId: string,
  lines: ClientCartLine[],
  shipping: ApiShippingInfo,
  { shippingMethod, couponCode }: { shippingMethod?: string; couponCode?: string },
): Promise<OrderWithLines> {
  // The intent first: another's is answered before anything about the order is told.
  const intent = await paidIntentOf(who, intentId);
  // Without a recipient, the parcel goes to the buyer; a guest must name one.
  const recipientName = shipping.recipientName ?? (isGuest(who) ? null : who.name);
  if (recipientName === null) throw new PublicError("Please enter the recipient's name", 400);
  const shipTo = { ...shipping, recipientName, country: countryOfList(shipping.country) };
  const quantities = quantitiesOf(lines);

  // On SQLite the work runs in a savepoint of a shared IMMEDIATE transaction (group-commit.server.ts);
  // on PostgreSQL the calls for one intent queue on its name. `placed` is known once it is committed.
  // Read before the transaction, whose body awaits only its own queries.
  const [formatMoney, pricing, settings, discounts] = await Promise.all([
    shopMoney(),
    pricingContext(),
    getShopSettings(),
    discountContext({ couponCode: couponCode ?? null, customer: customerOfPayer(who) }),
  ]);
  const placed = await commitTogether(async (tx): Promise<Placed> => {
    await lockName(tx, `payment intent ${intentId}`);
    // A concurrent call for the same intent got here first: the same order, or the same refusal.
    const [done] = await tx.select().from(orders).where(eq(orders.paymentIntentId, intentId)).limit(1);
    if (done) return { order: done, created: false };
    const [refused] = await tx
      .select()
      .from(paymentRefusals)
      .where(eq(paymentRefusals.paymentIntentId, intentId))
      .limit(1);
    if (refused) return { refused };
    const made = await makeOrder(
      tx,
      who,
      intent,
      { quantities, shipTo, shippingMethod },
      { pricing, discounts },
      formatMoney,
    );
    if ("refused" in made) {
      // Decided before anything was written: a refusal leaves no stock taken.
      await tx.insert(paymentRefusals).values({ paymentIntentId: intentId, ...made.refused });
      return made;
    }
    // The confirmation (and the owner's news of the order) is promised with the order.
    return {
      order: made.order,
      created: true,
      mails: await queuePaidOrderMails(tx, made.order.id, settings),
    };
  });
  if ("refused" in placed) {
    const paid = formatMoney(intent.amount_received);
    const refunded = await refund(intentId);
    throw new PublicError(
      `${placed.refused.message} ${refunded ? `Your payment of ${paid} was refunded.` : `Your payment of ${paid} will be refunded: please contact us.`}`,
      placed.refused.status,
    );
  }
  if (!paidBy(who, placed.order)) throw noOrder();
  if (placed.created) void sendAllQueued(placed.mails ?? []);
  return (await getOrder(placed.order.id))!;
}

/**
 * The paid order of these lines, or why not. Everything that can refuse it is checked first, on
 * rows locked until the transaction ends; only then is anything written.
 */
async function makeOrder(
  tx: Tx,
  who: ApiPayer,
  intent: Stripe.PaymentIntent,
  {
    quantities,
    shipTo,
    shippingMethod,
  }: { quantities: Map<string, ClientItem>; shipTo: ShippingInfo; shippingMethod?: string },
  { pricing, discounts }: { pricing: PricingContext; discounts: DiscountContext },
  formatMoney: (cents: number) => string,
): Promise<{ order: Order } | { refused: Refusal }> {
  await lockProducts(
    tx,
    [...quantities.values()].map((item) => item.productId),
  );
  const priced = await pricedLines(tx, quantities);
  if (priced.length !== quantities.size)
    return { refused: { message: "A product of this order is no longer sold.", status: 409 } };
  const unchosen = unchosenVariant(priced);
  if (unchosen) return { refused: { message: unchosen.message, status: unchosen.status } };
  let quote: OrderQuote;
  try {
    quote = quoteWith(pricing, priced, shipTo, { methodId: shippingMethod, strict: true, discounts });
  } catch (error) {
    if (error instanceof PublicError) return { refused: { message: error.message, status: error.status } };
    throw error;
  }
  if (quote.coupon?.refusal) return { refused: { message: quote.coupon.refusal, status: 400 } };
  const { totalCents } = quote.prices;
  if (intent.amount_received !== totalCents) {
    return {
      refused: {
        message: `The amount paid (${formatMoney(intent.amount_received)}) is not the order's total of ${formatMoney(totalCents)}.`,
        status: 400,
      },
    };
  }
  const short = priced.find((line) => line.stock < line.quantity);
  if (short) {
    const { message, status } = notEnoughStock(short);
    return { refused: { message, status } };
  }
  const discountRefused = await checkDiscountUses(tx, customerOfPayer(who), quote.discounts);
  if (discountRefused) return { refused: { message: discountRefused.message, status: discountRefused.status } };
  await takeStock(tx, priced);
  const now = new Date();
  const written = await insertOrder(tx, payerBuyer(who, shipTo), shipTo, priced, quote, {
    paymentStatus: PAYMENT.succeeded,
    paymentIntentId: intent.id,
    createdAt: now,
    paidAt: now,
    reservedUntil: null,
  });
  const order = { ...written, invoiceNumber: await numberInvoice(tx, written.id) };
  await tx.insert(orderStatusEvents).values({ orderId: order.id, status: order.orderStatus, createdAt: now });
  return { order };
}

/** The products (and variants) of a client cart at today's prices, with its quantities (those the shop sells). */
async function pricedLines(q: Queryable, quantities: Map<string, ClientItem>) {
  const items = [...quantities.values()];
  const variantIds = items.map((item) => item.variantId).filter(Boolean);
  const rows = await q
    .select(pricedProductColumns)
    .from(products)
    .leftJoin(
      productVariants,
      variantIds.length
        ? and(inList(productVariants.id, listParam(variantIds)), eq(productVariants.productId, products.id))
        : sql`false`,
    )
    .where(inArray(products.id, [...new Set(items.map((item) => item.productId))]));
  const lines = items.flatMap((item) => {
    const row = rows.find((r) => r.productId === item.productId && r.variantId === item.variantId);
    return row ? [{ ...row, quantity: item.quantity }] : [];
  });
  // The products found, whether or not the variant named is theirs (to say which is unknown).
  return Object.assign(lines, { productIds: new Set(rows.map((r) => r.productId)) });
}

/** A client cart's lines as one quantity per product and variant. */
function quantitiesOf(lines: ClientCartLine[]): Map<string, ClientItem> {
  const quantities = new Map<string, ClientItem>();
  for (const { productId, variantId = NO_VARIANT, quantity } of lines) {
    const key = JSON.stringify([productId, variantId]);
    const before = quantities.get(key)?.quantity ?? 0;
    quantities.set(key, { productId, variantId, quantity: before + quantity });
  }
  return quantities;
}

/**
 * POST /api/v1/order/quote: what a client cart costs, priced exactly as its order will be (order/new
 * with the same lines, destination, method and code): the amount to pay. The code's refusal, if any,
 * is in the answer, not an error; an unknown product is a 404, a destination not shipped to a 400.
 */
export async function quoteClientCart(
  user: User | null,
  lines: ClientCartLine[],
  destination: Destination,
  { shippingMethod, couponCode }: { shippingMethod?: string; couponCode?: string },
): Promise<OrderQuote> {
  const quantities = quantitiesOf(lines);
  const [priced, pricing, discounts] = await Promise.all([
    pricedLines(db, quantities),
    pricingContext(),
    discountContext({ couponCode: couponCode ?? null, customer: user ? customerWith(user.id, user.email) : null }),
  ]);
  const missing = [...quantities.values()].find(
    (item) => !priced.some((line) => line.productId === item.productId && line.variantId === item.variantId),
  );
  if (missing)
    throw new PublicError(
      missing.variantId && priced.productIds.has(missing.productId)
        ? `The product ${missing.productId} has no variant ${missing.variantId}.`
        : `No product with the id ${missing.productId} is sold here.`,
      404,
    );
  const unchosen = unchosenVariant(priced);
  if (unchosen) throw unchosen;
  const to = { country: countryOfList(destination.country), state: destination.state };
  return quoteWith(pricing, priced, to, { methodId: shippingMethod, strict: true, discounts });
}

/** A quote as the API answers it. */
export function quoteJson({ prices, discounts, method, tax, coupon }: OrderQuote): QuotePayload {
  return {
    itemsPrice: centsToDollars(prices.itemsCents),
    discountPrice: centsToDollars(prices.discountCents),
    discounts: discounts.map((d) => ({
      code: d.code,
      name: d.name,
      kind: d.kind,
      amount: centsToDollars(d.amountCents),
    })),
    shippingMethod: { _id: method.id, name: method.name },
    shippingPrice: centsToDollars(prices.shippingCents),
    taxPrice: centsToDollars(prices.taxCents),
    tax: { name: tax.name, rate: tax.rateBp / 100, included: tax.included, onShipping: tax.onShipping },
    totalPrice: centsToDollars(prices.totalCents),
    coupon: coupon && { code: coupon.code, applies: coupon.refusal === null, reason: coupon.refusal },
  };
}

/**
 * The intent, if the provider says it is this payer's client-cart payment (the user's, or made for
 * the guest's e-mail), succeeded and not refunded. A guest's intent named with another e-mail, a
 * user's intent claimed by a guest, and a guest's claimed by a user are no order at all (404).
 */
async function paidIntentOf(who: ApiPayer, intentId: string): Promise<Stripe.PaymentIntent> {
  const known = await intentWithRefunds(intentId);
  if (!known) throw noOrder();
  const { intent, refunded } = known;
  if (intent.metadata?.cart !== CLIENT_CART) throw noOrder();
  if (isGuest(who)) {
    if (intent.metadata.userId || intent.metadata.guestEmail !== guestEmailOf(who)) throw noOrder();
  } else {
    if (!intent.metadata.userId) throw noOrder();
    if (intent.metadata.userId !== who.id) throw new PublicError("This payment was made by another account.", 403);
  }
  if (intent.status !== STRIPE_INTENT_SUCCEEDED)
    throw new PublicError(intent.last_payment_error?.message ?? PAYMENT_PROBLEM, 400);
  if (refunded) throw new PublicError("This payment was refunded: it cannot pay for an order.", 409);
  return intent;
}

async function refund(intentId: string): Promise<boolean> {
  try {
    await refundAt(intentId);
    return true;
  } catch (error) {
    console.error(`Could not refund ${intentId}:`, error);
    return false;
  }
}
