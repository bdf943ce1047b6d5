import type { ActionFunctionArgs } from "@remix-run/node";
import type Stripe from "stripe";
import { markOrderPaid, releaseOrder } from "~/models/checkout.server";
import { getOrderByIntent } from "~/models/orders.server";
import { verifyWebhook } from "~/models/stripe.server";

// POST /webhooks/stripe: Stripe's (or the sandbox's) events, checked against the signature over
// the raw body. Handling is idempotent: a redelivered event changes nothing.
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return Response.json({ error: "POST only" }, { status: 405 });
  const raw = await request.text();
  let event: Stripe.Event;
  try {
    event = verifyWebhook(raw, request.headers.get("Stripe-Signature"));
  } catch {
    return Response.json({ error: "Invalid signature" }, { status: 400 });
  }

  if (event.type === "payment_intent.succeeded") {
    await markOrderPaid(event.data.object.id, event.data.object.amount_received);
  } else if (event.type === "payment_intent.canceled") {
    const order = getOrderByIntent(event.data.object.id);
    if (order) await releaseOrder(order.id, { cancelIntent: false });
  }
  return Response.json({ received: true });
}

export async function loader() {
  return Response.json({ error: "POST only" }, { status: 405 });
}
