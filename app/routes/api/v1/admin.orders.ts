import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiHandler } from "~/web/api.server";
import { centsToDollars } from "~/lib/money";
import { totalPaidCents } from "~/models/admin-orders.server";
import { requireApiAdmin } from "~/web/auth.server";
import { listOrdersWithLines, orderJson } from "~/models/orders.server";

export async function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireApiAdmin(request);
    return Response.json({
      success: true,
      totalAmount: centsToDollars(await totalPaidCents()),
      orders: (await listOrdersWithLines()).map(orderJson),
    });
  });
}
