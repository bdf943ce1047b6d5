import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiError, apiHandler } from "~/web/api.server";
import { getOptionalApiUser, requireApiUser } from "~/web/auth.server";
import { getOrder, getOrderFor, orderJson, type OrderWithLines, isOrderLinkKey } from "~/models/orders";
import { isPlaced } from "~/lib/order-states";
import { returnPlan, returnsOf } from "~/models/after-sales";
import { returnableJson, returnJson, orderPayload, returnPayload, returnablePayload } from "~/lib/api-payloads";
import { describeRoute, ok } from "~/web/openapi/operations";
import { z } from "zod";

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

export const openapi = describeRoute({
  path: "/order/{id}",
  method: "get",
  summary: "One of the caller's orders (any order for an admin), or a guest's order by its key",
  tag: "Orders",
  access: "guest",
  query: z.object({
    key: z
      .string()
      .optional()
      .describe(
        "A guest order's key (its link's `?key=`): the order, once placed, without credentials. A wrong key answers 404, as a missing order. Not part of the original API.",
      ),
  }),
  ok: {
    status: 200,
    description:
      "The order, its returns, and what of it may still be returned (null: another's, for an admin, or a guest's by its key)",
    schema: ok({
      order: orderPayload,
      returns: z.array(returnPayload),
      // A union, not .nullable(): zod-to-openapi would write a $ref that null cannot match.
      returnable: z.union([returnablePayload, z.null()]),
    }),
  },
});
