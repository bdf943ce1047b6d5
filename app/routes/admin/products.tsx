import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { createColumnHelper } from "@tanstack/react-table";
import { DataTable } from "~/components/DataTable";
import { adminMeta, type AdminHandle } from "~/lib/meta";
import { formatMoney } from "~/lib/money";
import { parseTableQuery } from "~/lib/table-query";
import { PRODUCT_SORTS } from "~/lib/admin-sorts";
import { listProductsPage } from "~/models/admin-products.server";
import { requireAdmin } from "~/web/auth.server";

export const handle: AdminHandle = { title: "All Products" };
export const meta = adminMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const query = parseTableQuery(new URL(request.url).searchParams, PRODUCT_SORTS, { sort: "createdAt", dir: "desc" });
  return { ...listProductsPage(query), query };
}

type Row = Awaited<ReturnType<typeof loader>>["rows"][number];
const column = createColumnHelper<Row>();
const columns = [
  column.accessor("id", { header: "ID" }),
  column.accessor("name", { header: "Name" }),
  column.accessor("priceCents", { id: "price", header: "Price ($)", cell: (c) => formatMoney(c.getValue()) }),
  column.accessor("stock", { header: "Stock" }),
  column.display({
    id: "actions",
    header: "Actions",
    cell: (c) => (
      <div className="d-flex gap-2">
        <Link to={`/admin/product/${c.row.original.id}`} className="btn btn-sm btn-primary" aria-label={`Edit ${c.row.original.name}`}>
          Edit
        </Link>
        <Link to={`/admin/product/${c.row.original.id}/delete`} className="btn btn-sm btn-danger" aria-label={`Delete ${c.row.original.name}`}>
          Delete
        </Link>
      </div>
    ),
  }),
];

export default function AdminProducts() {
  const { rows, total, query } = useLoaderData<typeof loader>();
  return (
    <>
      <DataTable columns={columns} data={rows} total={total} query={query} sortable={[...PRODUCT_SORTS]} caption="Products" />
    </>
  );
}
