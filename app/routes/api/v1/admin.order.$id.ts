import type { ActionFunctionArgs } from "@remix-run/node";
import { apiHandler, methodNotAllowed } from "~/web/api.server";
import { deleteOrder } from "~/models/admin-orders.server";
import { requireApiAdmin } from "~/web/auth.server";
import { action as updateOrder } from "./admin.update.order.$id";

// DELETE /api/v1/admin/order/:id; PUT { status } as /admin/update/order/:id (the specification's
// client's path for it).
export async function action(args: ActionFunctionArgs) {
  const { request, params } = args;
  if (request.method === "PUT") return updateOrder(args);
  if (request.method !== "DELETE") return methodNotAllowed(request);
  return apiHandler(async () => {
    await requireApiAdmin(request);
    await deleteOrder(params.id ?? "");
    return Response.json({ success: true, message: "Order deleted successfully" });
  });
}
