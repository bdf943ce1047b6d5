import type { LoaderFunctionArgs } from "@remix-run/node";
import { stringify } from "csv-stringify/sync";
import { ORDER_SORTS } from "~/lib/admin-sorts";
import { centsToDollars } from "~/lib/money";
import { formatOrderNumber } from "~/lib/order-number";
import { parseTableQuery } from "~/lib/table-query";
import { requireAdmin } from "~/web/auth.server";
import { listOrders } from "~/models/orders.server";

// GET /admin/orders.csv?q=&sort=&dir=: the admin's filtered order list as CSV (csv-stringify quotes safely).
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const query = parseTableQuery(new URL(request.url).searchParams, ORDER_SORTS, { sort: "createdAt", dir: "desc" });
  const { rows } = listOrders({ ...query, page: 1, size: 1_000_000 });
  const csv = stringify(
    rows.map((r) => [formatOrderNumber(r.orderNumber), r.id, r.createdAt.toISOString(), r.userName, r.numOfItems, centsToDollars(r.totalPriceCents).toFixed(2), r.orderStatus]),
    { header: true, columns: ["Order", "Order ID", "Date", "Buyer", "Items", "Amount", "Status"] },
  );
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="orders-${new Date().toISOString().slice(0, 10)}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
