import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiError, apiHandler } from "~/web/api.server";
import { getOptionalApiUser, requireApiUser } from "~/web/auth.server";
import { getOrder, getOrderFor, orderJson, type OrderWithLines, isOrderLinkKey } from "~/models/orders";
import { isPlaced } from "~/lib/order-states";
import { returnableJson, returnJson } from "~/lib/api-payloads";
import { returnPlan, returnsOf } from "~/models/after-sales";

/** A placed order by its link's key (a guest's order, app/models/orders/order-links.server.ts), or null. */
async function orderByKey(id: string, key: string): Promise<OrderWithLines | null> {
  const order = isOrderLinkKey(id, key) ? await getOrder(id) : null;
  return order && isPlaced(order.paymentStatus) ? order : null;
}

// GET /api/v1/order/{id}: one of the caller's orders (any, for an admin). With `?key=` (a guest's
// order link), that order without credentials. A wrong key answers as a missing order.
export async function loader({ request, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const id = params.id ?? "";
    const key = new URL(request.url).searchParams.get("key");
    const user = key === null ? await requireApiUser(request) : await getOptionalApiUser(request);
    const own = user ? await getOrderFor(id, user) : null;
    const order = own ?? (key !== null ? await orderByKey(id, key) : null);
    if (!order) return apiError(404, "Order not found");
    // Returns are asked for by the order's account: none to ask for through a key.
    const [returns, plan] = await Promise.all([returnsOf(order.id), own && user ? returnPlan(order, user) : null]);
    return Response.json(
      {
        success: true,
        order: orderJson(order),
        returns: returns.map(returnJson),
        returnable: plan ? returnableJson(plan) : null,
      },
      // Opened by a key in its URL: no cache on the way may keep it.
      own ? undefined : { headers: { "Cache-Control": "private, no-store" } },
    );
  });
}
