import type { ActionFunctionArgs } from "@remix-run/node";
import { receivePaymentEvent } from "~/web/stripe-webhook.server";

// POST /webhooks/stripe: Stripe's (or the sandbox's) events, checked against the signature over
// the raw body. server.ts answers these POSTs itself, before Remix (app/web/stripe-webhook.server.ts);
// this route is the same handling for a Remix-only host, and answers other methods.
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return Response.json({ error: "POST only" }, { status: 405 });
  const { status, body } = await receivePaymentEvent(await request.text(), request.headers.get("Stripe-Signature"));
  return Response.json(body, { status });
}

export async function loader() {
  return Response.json({ error: "POST only" }, { status: 405 });
}
