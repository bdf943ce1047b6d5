import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiHandler } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { listOrdersWithLines, orderJson } from "~/models/orders";

export async function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireApiUser(request);
    return Response.json({ success: true, orders: (await listOrdersWithLines(user.id)).map(orderJson) });
  });
}
