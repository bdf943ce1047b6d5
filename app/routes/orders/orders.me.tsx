import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { DataTable } from "~/components/DataTable";
import { orderColumns } from "~/components/order-columns";
import { pageMeta } from "~/lib/meta";
import { formatOrderNumber } from "~/lib/order-number";
import { parseTableQuery } from "~/lib/table-query";
import { requireUser } from "~/web/auth.server";
import { ORDER_SORTS } from "~/lib/admin-sorts";
import { itemNamesOf, listOrders } from "~/models/orders.server";

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: "My Orders", description: "The orders you placed and their status.", noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const query = parseTableQuery(new URL(request.url).searchParams, ORDER_SORTS, { sort: "createdAt", dir: "desc" });
  const { rows, total } = listOrders(query, user.id);
  const names = itemNamesOf(rows.map((r) => r.id));
  return { rows: rows.map((r) => ({ ...r, itemNames: names.get(r.id) ?? [] })), total, query };
}

const columns = orderColumns(
  "Num of Items",
  (row) => (
    <Link to={`/order/${row.id}`} className="btn btn-sm btn-primary" aria-label={`View order ${formatOrderNumber(row.orderNumber)}`}>
      View
    </Link>
  ),
  { itemNames: true },
);

export default function MyOrders() {
  const { rows, total, query } = useLoaderData<typeof loader>();
  return (
    <section>
      <h1 className="h3 my-4">My Orders</h1>
      <DataTable
        columns={columns}
        data={rows}
        total={total}
        query={query}
        sortable={["orderNumber", "id", "numOfItems", "totalPrice", "orderStatus", "createdAt"]}
        caption="My orders"
      />
    </section>
  );
}
