import type Stripe from "stripe";
import { linkIntentToOrder, markOrderPaid, releaseOrder, settlePaidSession } from "./checkout.server";
import { getOrderByCheckoutSession, getOrderByIntent } from "./orders.server";

/**
 * What the shop does with a (signature-checked) event from Stripe or the sandbox. Every branch is
 * idempotent: a redelivered event changes nothing.
 */
export async function handlePaymentEvent(event: Stripe.Event): Promise<void> {
  switch (event.type) {
    case "payment_intent.succeeded": {
      const intent = event.data.object;
      // Intents made by Stripe Checkout carry the order id the shop put in payment_intent_data.
      if (intent.metadata?.orderId) await linkIntentToOrder(intent.metadata.orderId, intent.id);
      await markOrderPaid(intent.id, intent.amount_received);
      return;
    }
    case "payment_intent.canceled": {
      const order = getOrderByIntent(event.data.object.id);
      if (order) await releaseOrder(order.id, { cancelIntent: false });
      return;
    }
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      await settlePaidSession(event.data.object);
      return;
    case "checkout.session.expired": {
      const order = getOrderByCheckoutSession(event.data.object.id);
      if (order) await releaseOrder(order.id, { cancelIntent: false });
      return;
    }
    default:
      return;
  }
}
