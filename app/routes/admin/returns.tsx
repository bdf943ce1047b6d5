import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { createColumnHelper } from "@tanstack/react-table";
import { DataTable, WIDE_ONLY } from "~/components/DataTable";
import { ShopDate } from "~/components/ShopDate";
import { RETURN_SORTS } from "~/lib/admin-sorts";
import { adminMeta, type AdminHandle } from "~/lib/meta";
import { formatOrderNumber } from "~/lib/order-number";
import { parseReturnFilter, RETURN_FILTER_LABELS, RETURN_FILTERS, RETURN_STATUS_LABELS } from "~/lib/returns";
import { parseTableQuery } from "~/lib/table-query";
import { listReturns } from "~/models/after-sales";
import { requireAdmin } from "~/web/auth.server";

// /admin/returns: every order's returns in one inbox, newest first, filtered by state (?state=),
// each leading to its order's page, where the steps are taken.

export const handle: AdminHandle = { title: "Returns" };
export const meta = adminMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const query = parseTableQuery(params, RETURN_SORTS, { sort: "createdAt", dir: "desc" });
  const state = parseReturnFilter(params.get("state"));
  return { ...(await listReturns(query, state)), query, state: state ?? "" };
}

type Row = Awaited<ReturnType<typeof loader>>["rows"][number];
const column = createColumnHelper<Row>();
const columns = [
  column.accessor("orderNumber", {
    header: "Order",
    cell: (c) => <Link to={`/admin/order/${c.row.original.orderId}`}>{formatOrderNumber(c.getValue())}</Link>,
  }),
  column.accessor("customerName", {
    header: "Customer",
    cell: (c) => (
      <>
        {c.getValue()}
        {c.row.original.customerEmail ? (
          <>
            <br />
            <small className="text-body-secondary">{c.row.original.customerEmail}</small>
          </>
        ) : null}
      </>
    ),
    meta: WIDE_ONLY,
  }),
  column.accessor("items", {
    header: "Items",
    cell: (c) =>
      c
        .getValue()
        .map((item) => `${item.quantity} × ${item.name}`)
        .join(", "),
    meta: WIDE_ONLY,
  }),
  column.accessor("reason", { header: "Reason", meta: WIDE_ONLY }),
  column.accessor("status", {
    header: "State",
    cell: (c) => <span data-testid="return-state">{RETURN_STATUS_LABELS[c.getValue()].split(":")[0]}</span>,
  }),
  column.accessor("createdAt", { header: "Requested", cell: (c) => <ShopDate at={c.getValue()} /> }),
];

const STATE_OPTIONS = [
  { value: "", label: "All returns" },
  ...RETURN_FILTERS.map((filter) => ({ value: filter, label: RETURN_FILTER_LABELS[filter] })),
];

export default function AdminReturns() {
  const { rows, total, query, state } = useLoaderData<typeof loader>();
  return (
    <DataTable
      columns={columns}
      data={rows}
      total={total}
      query={query}
      sortable={[...RETURN_SORTS]}
      caption="Returns"
      filters={[{ name: "state", label: "State", value: state, options: STATE_OPTIONS }]}
    />
  );
}
