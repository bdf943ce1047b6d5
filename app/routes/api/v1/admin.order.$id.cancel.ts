import type { ActionFunctionArgs } from "@remix-run/node";
import { refundJson, orderPayload, refundPayload } from "~/lib/api-payloads";
import { cancelInput } from "~/lib/refund-schema";
import { getOrder, orderJson } from "~/models/orders";
import { cancelOrder, refundsOf } from "~/models/after-sales";
import { apiError, apiHandler, methodNotAllowed, parseApiInput, readApiBody } from "~/web/api.server";
import { requireApiAdmin } from "~/web/auth.server";
import { adminOperation, describeRoute, ok } from "~/web/openapi/operations";
import { z } from "zod";

// POST /api/v1/admin/order/:id/cancel { reason? }: cancels an order that is not shipped yet; a paid
// one is refunded in full (its items back in stock). Cancelling again changes nothing (cancelled:
// false), or retries a refund that failed.
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request);
  return apiHandler(async () => {
    const admin = await requireApiAdmin(request);
    const { reason } = parseApiInput(cancelInput, await readApiBody(request));
    const orderId = params.id ?? "";
    const { cancelled, refund } = await cancelOrder(orderId, { reason, actor: { id: admin.id, name: admin.name } });
    const [order, refunds] = await Promise.all([getOrder(orderId), refund ? refundsOf(orderId) : []]);
    if (!order) return apiError(404, "Order not found");
    const made = refund ? refunds.find((r) => r.id === refund.id) : undefined;
    return Response.json({ success: true, cancelled, refund: made ? refundJson(made) : null, order: orderJson(order) });
  });
}

export const openapi = describeRoute(
  adminOperation({
    path: "/admin/order/{id}/cancel",
    method: "post",
    summary:
      "Cancel an order not shipped yet: an unpaid one's stock goes back, a paid one is refunded in full with its items back in stock",
    body: { schema: cancelInput },
    ok: {
      status: 200,
      description: "Cancelled (`cancelled`: false when it was already), the refund made, and the order as it is now",
      schema: ok({
        cancelled: z.boolean().describe("false when the order was cancelled already"),
        // A union, not .nullable(): zod-to-openapi would write a $ref that null cannot match.
        refund: z.union([refundPayload, z.null()]).describe("The refund this call made; null when none was needed"),
        order: orderPayload,
      }),
    },
    errors: [409, 503],
  }),
);
