import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { config } from "~/config.server";
import { commitTogether } from "~/db/commit.server";
import { orders } from "~/db/schema";
import { discountLabel } from "~/lib/discounts";
import { lineName } from "~/lib/variants";
import { PAYMENT_PROBLEM } from "~/lib/payment-messages";
import { getOrder, getOrderByCheckoutSession, getOrderByIntent, type OrderWithLines } from "~/models/orders";
import { asBuyer, buyerOwns, type Buyer, type BuyerOrUser } from "./buyer.server";
import { retrieveSession, shopCurrency, stripe, unreachable } from "./payment-provider.server";
import { reserveOrder } from "./reservation.server";
import {
  abandonAtProvider,
  releaseOrder,
  settlePaidSession,
  settlePayment,
  type PaymentResult,
} from "./settlement.server";

// Paying with real Stripe keys: Stripe Checkout (the hosted page, no JavaScript needed) and the
// return from it or from Stripe Elements. The amount always comes from the order the server priced.

/** Stripe lets a Checkout Session expire 30 minutes after creation at the earliest. */
export const CHECKOUT_SESSION_MS = 31 * 60 * 1000;

function lineItems(order: OrderWithLines, currency: string): Stripe.Checkout.SessionCreateParams.LineItem[] {
  const item = (name: string, cents: number, quantity = 1) => ({
    quantity,
    price_data: { currency, unit_amount: cents, product_data: { name } },
  });
  // Checkout takes no negative line: a discount on the items makes them one line, at their price after it.
  const discounted = order.discounts.filter((d) => d.kind !== "free_shipping").map(discountLabel);
  const items =
    order.discountCents > 0
      ? [item(`Your items, with ${discounted.join(" and ")}`, order.itemsPriceCents - order.discountCents)]
      : order.lines.map((line) => item(lineName(line.name, line.variantTitle), line.priceCents, line.quantity));
  if (order.shippingPriceCents > 0) items.push(item("Shipping", order.shippingPriceCents));
  // A tax the prices include is in them already.
  if (order.taxPriceCents > 0 && !order.taxIncluded) items.push(item(order.taxName ?? "Tax", order.taxPriceCents));
  const sum = items.reduce((total, i) => total + i.price_data.unit_amount * i.quantity, 0);
  if (sum !== order.totalPriceCents)
    throw new Error(`Checkout lines of order ${order.id} add up to ${sum}, not ${order.totalPriceCents}`);
  return items;
}

/**
 * Reserves the cart as an order and opens a Stripe Checkout Session for it; returns the URL of
 * Stripe's payment page. The stock is held a little longer than the session can live.
 */
export async function startCheckout(who: BuyerOrUser, now = new Date()): Promise<string> {
  const buyer = asBuyer(who);
  const { order, released } = await reserveOrder(buyer, { now, holdMs: CHECKOUT_SESSION_MS + 60_000 });
  await abandonAtProvider(released);
  const metadata: Record<string, string> = buyer.userId
    ? { orderId: order.id, userId: buyer.userId }
    : { orderId: order.id, guest: "true" };
  try {
    const session = await stripe().checkout.sessions.create(
      {
        mode: "payment",
        line_items: lineItems((await getOrder(order.id))!, await shopCurrency()),
        client_reference_id: order.id,
        customer_email: buyer.email,
        metadata,
        payment_intent_data: { metadata },
        success_url: `${config.publicUrl}/payment/return?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${config.publicUrl}/payment`,
        expires_at: Math.floor((now.getTime() + CHECKOUT_SESSION_MS) / 1000),
      },
      { idempotencyKey: `checkout-${order.id}` },
    );
    if (!session.url) throw new Error(`Checkout Session ${session.id} has no URL`);
    await commitTogether(async (tx) => {
      await tx.update(orders).set({ checkoutSessionId: session.id }).where(eq(orders.id, order.id));
    });
    return session.url;
  } catch (error) {
    await releaseOrder(order.id, { cancelIntent: false });
    if (error instanceof Stripe.errors.StripeError) throw unreachable();
    throw error;
  }
}

/**
 * The buyer is back from Stripe Checkout: asks Stripe whether the session was paid and, if so,
 * settles its intent. Null when the session is not one of this user's orders.
 */
export async function settleCheckoutReturn(sessionId: string, buyer: Buyer): Promise<PaymentResult | null> {
  const order = await getOrderByCheckoutSession(sessionId);
  if (!order || !buyerOwns(buyer, order)) return null;
  const session = await retrieveSession(sessionId);
  return (await settlePaidSession(session, order.id)) ?? { ok: false, message: PAYMENT_PROBLEM };
}

/** The buyer is back from paying with Stripe Elements. Null when the intent is not this buyer's. */
export async function settleElementsReturn(intentId: string, buyer: Buyer): Promise<PaymentResult | null> {
  const order = await getOrderByIntent(intentId);
  if (!order || !buyerOwns(buyer, order)) return null;
  return settlePayment(intentId);
}
