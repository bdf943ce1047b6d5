import type { ActionFunctionArgs } from "@remix-run/node";
import { apiHandler, methodNotAllowed } from "~/web/api.server";
import { deleteOrder } from "~/models/admin-orders.server";
import { requireApiAdmin } from "~/web/auth.server";

// DELETE /api/v1/admin/order/:id
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(request);
  return apiHandler(async () => {
    await requireApiAdmin(request);
    await deleteOrder(params.id ?? "");
    return Response.json({ success: true, message: "Order deleted successfully" });
  });
}
