import type { ActionFunctionArgs } from "@remix-run/node";
import { refundJson, orderPayload, refundPayload } from "~/lib/api-payloads";
import { refundInput, refundRequestOf } from "~/lib/refund-schema";
import { getOrder, orderJson } from "~/models/orders";
import { refundOrder, refundsOf } from "~/models/after-sales";
import { getShopSettings } from "~/models/settings";
import { apiError, apiHandler, methodNotAllowed, parseApiInput, readApiBody } from "~/web/api.server";
import { requireApiAdmin } from "~/web/auth.server";
import { adminOperation, describeRoute, DOC_LOCALE, ok } from "~/web/openapi/operations";
import { z } from "zod";

// POST /api/v1/admin/order/:id/refund { items?: [{ item, quantity }], amount?, reason, restock?, key? }:
// refunds part or all of a paid order through the payment provider. The `Idempotency-Key` header
// may stand for the body's key: the same key again answers the refund it made (replayed: true).
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request);
  return apiHandler(async () => {
    const admin = await requireApiAdmin(request);
    const body = await readApiBody(request);
    const header = request.headers.get("Idempotency-Key");
    const input = parseApiInput(
      refundInput((await getShopSettings()).locale),
      body.key === undefined && header !== null ? { ...body, key: header } : body,
    );
    const orderId = params.id ?? "";
    const { refund, replayed } = await refundOrder({
      orderId,
      ...refundRequestOf(input),
      actor: { id: admin.id, name: admin.name },
    });
    const [order, refunds] = await Promise.all([getOrder(orderId), refundsOf(orderId)]);
    const made = refunds.find((r) => r.id === refund.id);
    if (!order || !made) return apiError(404, "Order not found");
    // 201 for a replay too: the answer the first request got, the order as it is now.
    return Response.json(
      { success: true, replayed, refund: refundJson(made), order: orderJson(order) },
      { status: 201 },
    );
  });
}

export const openapi = describeRoute(
  adminOperation({
    path: "/admin/order/{id}/refund",
    method: "post",
    summary:
      "Refund part or all of a paid order through the payment provider: some items (their share of what was paid), an amount, or both; " +
      "the same `key` (or `Idempotency-Key` header) again answers the refund it made (with other items, amount or restocking: 409)",
    body: { schema: refundInput(DOC_LOCALE) },
    ok: {
      status: 201,
      description: "The refund (`replayed`: made by an earlier request with the same key) and the order as it is now",
      schema: ok({
        replayed: z.boolean().describe("true when the key was used before: no new refund was made"),
        refund: refundPayload,
        order: orderPayload,
      }),
    },
    errors: [409, 503],
  }),
);
