import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { db } from "~/db/client.server";
import { orders } from "~/db/schema";
import { linkIntentToOrder, markOrderPaid, paidSessionIntent, releaseOrder, settlePayment } from "./checkout.server";
import { getOrderByIntent } from "./orders.server";

/**
 * What the shop does with a (signature-checked) event from Stripe or the sandbox. Every branch is
 * idempotent: a redelivered event changes nothing.
 */
export async function handlePaymentEvent(event: Stripe.Event): Promise<void> {
  switch (event.type) {
    case "payment_intent.succeeded": {
      const intent = event.data.object;
      // Intents made by Stripe Checkout carry the order id the shop put in payment_intent_data.
      if (intent.metadata?.orderId) linkIntentToOrder(intent.metadata.orderId, intent.id);
      await markOrderPaid(intent.id, intent.amount_received);
      return;
    }
    case "payment_intent.canceled": {
      const order = getOrderByIntent(event.data.object.id);
      if (order) await releaseOrder(order.id, { cancelIntent: false });
      return;
    }
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = event.data.object;
      const intentId = paidSessionIntent(session);
      if (!intentId || !session.metadata?.orderId) return;
      linkIntentToOrder(session.metadata.orderId, intentId);
      await settlePayment(intentId);
      return;
    }
    case "checkout.session.expired": {
      const order = db.select().from(orders).where(eq(orders.checkoutSessionId, event.data.object.id)).get();
      if (order) await releaseOrder(order.id, { cancelIntent: false });
      return;
    }
    default:
      return;
  }
}
