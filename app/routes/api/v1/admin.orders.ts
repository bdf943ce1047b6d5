import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiHandler } from "~/web/api.server";
import { centsToDollars } from "~/lib/money";
import { totalPaidCents } from "~/models/after-sales";
import { requireApiAdmin } from "~/web/auth.server";
import { getShopSettings } from "~/models/settings";
import { listOrdersWithLines, orderJson } from "~/models/orders";

export async function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireApiAdmin(request);
    const { currency } = await getShopSettings();
    return Response.json({
      success: true,
      // Of the orders paid in the shop's currency (each order says its own).
      totalAmount: centsToDollars(await totalPaidCents(currency)),
      currency,
      orders: (await listOrdersWithLines()).map(orderJson),
    });
  });
}
