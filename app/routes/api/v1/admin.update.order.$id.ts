import type { ActionFunctionArgs } from "@remix-run/node";
import { apiHandler, methodNotAllowed, parseApiInput, readApiBody } from "~/web/api.server";
import { orderStatusInput } from "~/lib/api-inputs";
import { updateOrderStatus } from "~/models/admin-orders.server";
import { requireApiAdmin } from "~/web/auth.server";

// PUT /api/v1/admin/update/order/:id { status }
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(request);
  return apiHandler(async () => {
    await requireApiAdmin(request);
    const { status } = parseApiInput(orderStatusInput, await readApiBody(request));
    await updateOrderStatus(params.id ?? "", status);
    return Response.json({ success: true, message: "Order updated successfully" });
  });
}
