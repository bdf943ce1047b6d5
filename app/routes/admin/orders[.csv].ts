import type { LoaderFunctionArgs } from "@remix-run/node";
import { ORDER_SORTS } from "~/lib/admin-sorts";
import { parseTableQuery } from "~/lib/table-query";
import { requireAdmin } from "~/web/auth.server";
import { csvDownload } from "~/web/csv.server";
import { ordersCsv } from "~/web/orders-csv.server";
import { listOrdersWithDetails } from "~/models/orders";

// GET /admin/orders.csv?q=&sort=&dir=: the admin's filtered order list as CSV, every page of it.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const query = parseTableQuery(new URL(request.url).searchParams, ORDER_SORTS, { sort: "createdAt", dir: "desc" });
  return csvDownload(ordersCsv(await listOrdersWithDetails(query)), "orders");
}
