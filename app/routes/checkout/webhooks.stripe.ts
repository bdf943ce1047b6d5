import type { ActionFunctionArgs } from "@remix-run/node";
import type Stripe from "stripe";
import { handlePaymentEvent } from "~/models/payment-events.server";
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

  await handlePaymentEvent(event);
  return Response.json({ received: true });
}

export async function loader() {
  return Response.json({ error: "POST only" }, { status: 405 });
}
