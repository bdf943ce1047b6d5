import type Stripe from "stripe";
import { getOrderByCheckoutSession, getOrderByIntent, type Order } from "~/models/orders";
import { releaseOrder, settlePaidSession, settleSucceededIntent } from "~/models/checkout";
import { recordProviderRefunds } from "./refunds.server";

/**
 * What the shop does with a (signature-checked) event from Stripe or the sandbox. Every branch is
 * idempotent: a redelivered event changes nothing.
 */
export async function handlePaymentEvent(event: Stripe.Event): Promise<void> {
  switch (event.type) {
    case "payment_intent.succeeded":
      await settleSucceededIntent(event.data.object);
      return;
    case "payment_intent.canceled":
      await givenUp(await getOrderByIntent(event.data.object.id));
      return;
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      await settlePaidSession(event.data.object);
      return;
    case "checkout.session.expired":
      await givenUp(await getOrderByCheckoutSession(event.data.object.id));
      return;
    case "charge.refunded": {
      const intent = event.data.object.payment_intent;
      if (intent) await recordProviderRefunds(typeof intent === "string" ? intent : intent.id);
      return;
    }
    default:
      return;
  }
}

/** The provider will not take this order's payment any more: its stock goes back. */
async function givenUp(order: Order | undefined) {
  if (order) await releaseOrder(order.id, { cancelIntent: false });
}
