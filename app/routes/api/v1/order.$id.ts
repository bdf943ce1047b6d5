import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiError, apiHandler } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { getOrderFor, orderJson } from "~/models/orders.server";
import { returnableJson, returnJson } from "~/lib/api-payloads";
import { returnPlan, returnsOf } from "~/models/returns.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireApiUser(request);
    const order = await getOrderFor(params.id ?? "", user);
    if (!order) return apiError(404, "Order not found");
    const [returns, plan] = await Promise.all([returnsOf(order.id), returnPlan(order, user)]);
    return Response.json({
      success: true,
      order: orderJson(order),
      returns: returns.map(returnJson),
      returnable: plan ? returnableJson(plan) : null,
    });
  });
}
