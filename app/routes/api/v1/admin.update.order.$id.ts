import type { ActionFunctionArgs } from "@remix-run/node";
import { apiHandler, methodNotAllowed, parseApiInput, readApiBody } from "~/web/api.server";
import { orderStatusInput } from "~/lib/api-inputs";
import { UnconfirmedStepBackError } from "~/lib/order-states";
import { PublicError } from "~/lib/public-error";
import { trackingInputOf } from "~/lib/shipment-tracking";
import { updateOrderStatus } from "~/models/after-sales";
import { requireApiAdmin } from "~/web/auth.server";
import { adminOperation, describeRoute, done } from "~/web/openapi/operations";

// PUT /api/v1/admin/update/order/:id { status, confirmBackward?, carrier?, trackingNumber? }
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(request);
  return apiHandler(async () => {
    await requireApiAdmin(request);
    const { status, confirmBackward, ...tracking } = parseApiInput(orderStatusInput, await readApiBody(request));
    try {
      await updateOrderStatus(params.id ?? "", status, { confirmBackward, tracking: trackingInputOf(tracking) });
    } catch (error) {
      if (error instanceof UnconfirmedStepBackError)
        throw new PublicError(`${error.message} Send "confirmBackward": true to confirm.`, 409);
      throw error;
    }
    return Response.json({ success: true, message: "Order updated successfully" });
  });
}

export const openapi = describeRoute(
  adminOperation({
    path: "/admin/update/order/{id}",
    method: "put",
    summary:
      "Set an order's status, and its carrier and tracking number (with Shipped or Delivered); a step back needs `confirmBackward: true` (409 without it)",
    body: { schema: orderStatusInput },
    ok: done("Updated"),
    errors: [409],
  }),
);
