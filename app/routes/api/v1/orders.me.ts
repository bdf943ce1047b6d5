import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiHandler } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { listOrdersWithLines, orderJson } from "~/models/orders";
import { describeRoute, listOf } from "~/web/openapi/operations";
import { orderPayload } from "~/lib/api-payloads";

export async function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireApiUser(request);
    return Response.json({ success: true, orders: (await listOrdersWithLines(user.id)).map(orderJson) });
  });
}

export const openapi = describeRoute({
  path: "/orders/me",
  method: "get",
  summary: "The caller's orders",
  tag: "Orders",
  access: "user",
  ok: listOf("orders", orderPayload, "The orders, newest first"),
});
