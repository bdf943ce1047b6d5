import type Stripe from "stripe";
import { config } from "~/config.server";
import { newId } from "~/db/ids";
import { shopMoney } from "~/models/settings";
import { PublicError } from "~/lib/public-error";
import { CartError, fitCart } from "~/models/cart";
import type { Order } from "~/models/orders";
import { quoteForBuyer } from "~/models/pricing";
import { asBuyer, type BuyerOrUser } from "./buyer.server";
import { confirmWithCard, createOrderIntent, type CardInput } from "./payment-provider.server";
import { cartIsEmpty, reserveOrder, shippingOf, type IntentForOrder } from "./reservation.server";
import { abandonAtProvider, cancelIntent, releaseOrder, settlePayment, type PaymentResult } from "./settlement.server";

// The checkout that pays a PaymentIntent the shop makes for the cart: the sandbox's card form,
// Stripe Elements, and the API's POST /api/v1/payment/process for a cart kept on the server.

export type { CardInput, PaymentResult };

/** Or the card's bank wants the buyer to confirm (3D Secure) on its page first; they come back to /payment/return. */
export type CardPaymentResult = PaymentResult | { ok: false; authenticateAt: string };

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
  who: BuyerOrUser,
  { amountCents }: { amountCents?: number } = {},
): Promise<{ order: Order; intent: Stripe.PaymentIntent }> {
  const buyer = asBuyer(who);
  const { rows: lines, notices } = await fitCart(buyer.cart);
  if (notices.length) throw new CartError(notices.join(" "), 409);
  if (lines.length === 0) throw cartIsEmpty();
  const shipping = shippingOf(buyer);
  const { totalCents } = (await quoteForBuyer(buyer, lines, shipping)).prices;
  if (amountCents !== undefined && amountCents !== totalCents) {
    const formatMoney = await shopMoney();
    throw new PublicError(`The amount does not match your cart's total of ${formatMoney(totalCents)}.`, 400);
  }
  const orderId = newId();
  const intent = await createOrderIntent(buyer.userId, orderId, totalCents);
  const forOrder: IntentForOrder = { orderId, intentId: intent.id, amountCents: totalCents };
  let reserved: { order: Order; released: Order[] };
  try {
    reserved = await reserveOrder(buyer, { intent: forOrder });
  } catch (error) {
    await cancelIntent(intent.id);
    throw error;
  }
  await abandonAtProvider(reserved.released);
  return { order: reserved.order, intent };
}

/**
 * The sandbox's card form: the card goes to the payment provider (never stored), the intent is
 * confirmed, and the outcome is read back from the provider before anything is marked paid.
 */
export async function payWithCard(who: BuyerOrUser, card: CardInput): Promise<CardPaymentResult> {
  const { order, intent } = await startPayment(who);
  let outcome: Awaited<ReturnType<typeof confirmWithCard>>;
  try {
    outcome = await confirmWithCard(intent.id, card, `${config.publicUrl}/payment/return`);
  } catch (error) {
    await releaseOrder(order.id, { cancelIntent: true });
    throw error;
  }
  if (outcome.kind === "authenticate") return { ok: false, authenticateAt: outcome.url };
  if (outcome.kind === "refused") {
    await releaseOrder(order.id, { cancelIntent: true });
    return { ok: false, message: outcome.message };
  }
  return settlePayment(intent.id);
}
