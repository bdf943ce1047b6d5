import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiHandler, methodNotAllowed, parseApiInput, readApiBody } from "~/web/api.server";
import { ORDER_STATUSES } from "~/lib/order-states";
import { updateOrderStatus } from "~/models/admin-orders.server";
import { requireApiAdmin } from "~/web/auth.server";

const schema = z.object({
  status: z.enum(ORDER_STATUSES, { errorMap: () => ({ message: "Please choose Processing, Shipped or Delivered" }) }),
});

// PUT /api/v1/admin/update/order/:id { status }
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(request);
  return apiHandler(async () => {
    await requireApiAdmin(request);
    const { status } = parseApiInput(schema, await readApiBody(request));
    updateOrderStatus(params.id ?? "", status);
    return Response.json({ success: true, message: "Order updated successfully" });
  });
}
