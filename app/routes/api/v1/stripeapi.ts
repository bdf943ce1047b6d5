import { apiError } from "~/web/api.server";
import { publishableKey } from "~/models/checkout";
import { describeRoute, ok } from "~/web/openapi/operations";
import { z } from "zod";

// GET /api/v1/stripeapi: the provider's publishable key, fetched before the payment form shows.
export async function loader() {
  const key = publishableKey();
  if (!key) return apiError(503, "The payment provider is not configured.");
  return Response.json({ success: true, stripeApiKey: key });
}

export const openapi = describeRoute({
  path: "/stripeapi",
  method: "get",
  summary: "The payment provider's publishable key",
  tag: "Payment",
  access: "public",
  ok: { status: 200, description: "The key", schema: ok({ stripeApiKey: z.string() }) },
  errors: [503],
});
