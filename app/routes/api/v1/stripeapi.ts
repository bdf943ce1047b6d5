import { apiError } from "~/web/api.server";
import { publishableKey } from "~/models/checkout";

// GET /api/v1/stripeapi: the provider's publishable key, fetched before the payment form shows.
export async function loader() {
  const key = publishableKey();
  if (!key) return apiError(503, "The payment provider is not configured.");
  return Response.json({ success: true, stripeApiKey: key });
}
