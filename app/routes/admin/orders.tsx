import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { DataTable } from "~/components/DataTable";
import { orderColumns } from "~/components/order-columns";
import { adminMeta, type AdminHandle } from "~/lib/meta";
import { parseTableQuery } from "~/lib/table-query";
import { requireAdmin } from "~/web/auth.server";
import { ORDER_SORTS } from "~/lib/admin-sorts";
import { listOrders } from "~/models/orders.server";

export const handle: AdminHandle = { title: "All Orders" };
export const meta = adminMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const query = parseTableQuery(new URL(request.url).searchParams, ORDER_SORTS, { sort: "createdAt", dir: "desc" });
  return { ...listOrders(query), query };
}

const columns = orderColumns("No of Items", (row) => (
  <div className="d-flex gap-2">
    <Link to={`/admin/order/${row.id}`} className="btn btn-sm btn-primary" aria-label={`View order ${row.id}`}>
      View
    </Link>
    <Link to={`/admin/order/${row.id}/delete`} className="btn btn-sm btn-danger" aria-label={`Delete order ${row.id}`}>
      Delete
    </Link>
  </div>
));

export default function AdminOrders() {
  const { rows, total, query } = useLoaderData<typeof loader>();
  const csv = `/admin/orders.csv?${new URLSearchParams({ q: query.q, sort: query.sort, dir: query.dir })}`;
  return (
    <>
      <p className="text-end">
        <a href={csv} className="btn btn-sm btn-outline-secondary" download>
          Export CSV
        </a>
      </p>
      <DataTable columns={columns} data={rows} total={total} query={query} sortable={[...ORDER_SORTS]} caption="Orders" />
    </>
  );
}
