import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { refundableJson, refundJson, orderPayload, refundablePayload, refundPayload } from "~/lib/api-payloads";
import { apiError, apiHandler, methodNotAllowed } from "~/web/api.server";
import { deleteOrder, refundPlan, refundsOf } from "~/models/after-sales";
import { orderJson } from "~/models/orders";
import { requireApiAdmin } from "~/web/auth.server";
import { action as updateOrder, openapi as updateOrderApi } from "./admin.update.order.$id";
import { adminOperation, aliasAt, describeRoute, done, ok } from "~/web/openapi/operations";
import { z } from "zod";

// GET /api/v1/admin/order/:id: any order, placed or not, with its refunds (oldest first) and what
// may still be refunded of it (its lines' ids, which a refund's items name).
export async function loader({ request, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireApiAdmin(request);
    const plan = await refundPlan(params.id ?? "");
    if (!plan) return apiError(404, "Order not found");
    const refunds = await refundsOf(plan.order.id);
    return Response.json({
      success: true,
      order: orderJson(plan.order),
      refunds: refunds.map(refundJson),
      refundable: refundableJson(plan),
    });
  });
}

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

export const openapi = describeRoute([
  adminOperation({
    path: "/admin/order/{id}",
    method: "get",
    summary: "Any order, placed or not, with its refunds and what may still be refunded of it",
    ok: {
      status: 200,
      description:
        "The order, its refunds (oldest first), and its items' ids with how many of each may still be refunded",
      schema: ok({ order: orderPayload, refunds: z.array(refundPayload), refundable: refundablePayload }),
    },
  }),
  ...aliasAt("/admin/order/{id}", updateOrderApi).operations,
  adminOperation({
    path: "/admin/order/{id}",
    method: "delete",
    summary: "Delete an order; a paid one not refunded in full is refused (409): cancel or refund it first",
    ok: done("Deleted"),
    errors: [409],
  }),
]);
