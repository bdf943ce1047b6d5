import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { createColumnHelper } from "@tanstack/react-table";
import { DataTable } from "~/components/DataTable";
import { OrderStatus } from "~/components/OrderStatus";
import { pageTitle } from "~/lib/meta";
import { formatMoney } from "~/lib/money";
import { parseTableQuery } from "~/lib/table-query";
import { requireUser } from "~/models/auth.server";
import { ORDER_SORTS } from "~/lib/admin-sorts";
import { listOrders } from "~/models/orders.server";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "My Orders");

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const query = parseTableQuery(new URL(request.url).searchParams, ORDER_SORTS, { sort: "createdAt", dir: "desc" });
  const { rows, total } = listOrders(query, user.id);
  return { rows, total, query };
}

type Row = Awaited<ReturnType<typeof loader>>["rows"][number];
const column = createColumnHelper<Row>();
const columns = [
  column.accessor("id", { header: "Order ID" }),
  column.accessor("numOfItems", { header: "Num of Items" }),
  column.accessor("totalPriceCents", { id: "totalPrice", header: "Amount", cell: (c) => formatMoney(c.getValue()) }),
  column.accessor("orderStatus", { header: "Status", cell: (c) => <OrderStatus status={c.getValue()} /> }),
  column.display({
    id: "actions",
    header: "Actions",
    cell: (c) => (
      <Link to={`/order/${c.row.original.id}`} className="btn btn-sm btn-primary" aria-label={`View order ${c.row.original.id}`}>
        View
      </Link>
    ),
  }),
];

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
        sortable={["id", "numOfItems", "totalPrice", "orderStatus", "createdAt"]}
        caption="My orders"
      />
    </section>
  );
}
