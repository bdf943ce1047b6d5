import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CachedFragment } from "~/components/CachedFragment";
import { DataTable } from "~/components/DataTable";
import { orderColumns } from "~/components/order-columns";
import { pageMeta } from "~/lib/meta";
import { formatOrderNumber } from "~/lib/order-number";
import { parseTableQuery } from "~/lib/table-query";
import { requireUser } from "~/web/auth.server";
import { ORDER_SORTS } from "~/lib/admin-sorts";
import { itemNamesOf, listOrders } from "~/models/orders";
import { keptWhileEqual } from "~/web/kept-while-equal.server";
import { getShopSettings } from "~/models/settings";
import { dateFormatOf } from "~/lib/dates";

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: "My Orders", description: "The orders you placed and their status.", noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const query = parseTableQuery(new URL(request.url).searchParams, ORDER_SORTS, { sort: "createdAt", dir: "desc" });
  const { rows, total } = await listOrders(query, user.id);
  const [names, settings] = await Promise.all([itemNamesOf(rows.map((r) => r.id)), getShopSettings()]);
  // The way the shop writes dates is part of the answer: a new time zone is a new table's HTML.
  const table = {
    rows: rows.map((r) => ({ ...r, itemNames: names.get(r.id) ?? [] })),
    total,
    query,
    dates: dateFormatOf(settings),
  };
  // The same object as on the last visit while the orders (and the query) are unchanged: the
  // table's HTML is kept. One per shopper, whatever the URLs they ask for.
  return keptWhileEqual(`orders of ${user.id}`, table);
}

const columns = orderColumns(
  (row) => (
    <Link
      to={`/order/${row.id}`}
      className="btn btn-sm btn-primary"
      aria-label={`View order ${formatOrderNumber(row.orderNumber)}`}
    >
      View
    </Link>
  ),
  { itemNames: true },
);

export default function MyOrders() {
  const table = useLoaderData<typeof loader>();
  return (
    <section>
      <h1 className="h3 my-4">My Orders</h1>
      {/* Only this shopper's orders: the loader's object is theirs alone (keptWhileEqual by user). */}
      <CachedFragment name="my-orders" data={table}>
        <DataTable
          columns={columns}
          data={table.rows}
          total={table.total}
          query={table.query}
          sortable={["orderNumber", "numOfItems", "totalPrice", "orderStatus", "createdAt"]}
          caption="My orders"
        />
      </CachedFragment>
    </section>
  );
}
