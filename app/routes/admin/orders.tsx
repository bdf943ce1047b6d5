import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { createColumnHelper, type ColumnDef } from "@tanstack/react-table";
import { z } from "zod";
import { DataTable } from "~/components/DataTable";
import { orderColumns, type OrderRow } from "~/components/order-columns";
import { adminMeta, type AdminHandle } from "~/lib/meta";
import { formatOrderNumber } from "~/lib/order-number";
import { countOf } from "~/lib/plural";
import { ORDER_STATUSES } from "~/lib/order-states";
import { parseTableQuery } from "~/lib/table-query";
import { requireAdmin } from "~/web/auth.server";
import { ORDER_SORTS } from "~/lib/admin-sorts";
import { updateOrdersStatus } from "~/models/after-sales";
import { listOrders } from "~/models/orders";
import { readForm } from "~/web/forms.server";
import { redirectWithError, redirectWithSuccess } from "~/web/toast.server";

export const handle: AdminHandle = { title: "All Orders" };
export const meta = adminMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const query = parseTableQuery(new URL(request.url).searchParams, ORDER_SORTS, { sort: "createdAt", dir: "desc" });
  return { ...(await listOrders(query)), query };
}

const bulkSchema = z.object({
  ids: z.array(z.string().max(64)).min(1, "Select the orders to change").max(100),
  status: z.enum(ORDER_STATUSES, { errorMap: () => ({ message: "Please choose Processing, Shipped or Delivered" }) }),
});

/** The bulk status change: every checked order through updateOrdersStatus (steps back refused); the toast names those that did not change. */
export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const form = await readForm(request);
  const back = `/admin/orders${new URL(request.url).search.slice(0, 300)}`;
  const parsed = bulkSchema.safeParse({ ids: form.getAll("ids").map(String), status: form.get("status") });
  if (!parsed.success) return redirectWithError(back, parsed.error.issues[0].message);
  const { updated, failed } = await updateOrdersStatus(parsed.data.ids, parsed.data.status);
  // Named by number (#1001), as the table shows them; an id that names no order, as sent.
  const notChanged = failed
    .map((f) => `${f.orderNumber === null ? f.id : formatOrderNumber(f.orderNumber)}: ${f.reason}`)
    .join("; ");
  if (updated.length === 0) return redirectWithError(back, `No order changed (${notChanged})`);
  const done = `${countOf(updated.length, "order")} set to ${parsed.data.status}`;
  return redirectWithSuccess(back, failed.length ? `${done}; not changed: ${notChanged}` : done);
}

/** The bulk status form; the rows' checkboxes belong to it through their `form` attribute (forms cannot nest). */
const BULK_FORM = "bulk-status";
const select = createColumnHelper<OrderRow>().display({
  id: "select",
  header: () => <span className="visually-hidden">Select</span>,
  cell: (c) => (
    <input
      type="checkbox"
      className="form-check-input"
      name="ids"
      value={c.row.original.id}
      form={BULK_FORM}
      aria-label={`Select order ${c.row.original.id}`}
    />
  ),
}) as ColumnDef<OrderRow, unknown>;

const columns = [
  select,
  // No Delete here: an order is deleted from its own page, behind a confirmation.
  ...orderColumns(
    (row) => (
      <Link to={`/admin/order/${row.id}`} className="btn btn-sm btn-primary" aria-label={`View order ${row.id}`}>
        View
      </Link>
    ),
    { admin: true },
  ),
];

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
      <DataTable columns={columns} data={rows} total={total} query={query} sortable={[...ORDER_SORTS]} caption="Orders">
        <Form method="post" id={BULK_FORM} className="d-flex flex-wrap gap-2 align-items-end mb-2">
          <div>
            <label htmlFor="bulk-status-select" className="form-label mb-1">
              Set selected orders to
            </label>
            <select id="bulk-status-select" name="status" className="form-select form-select-sm">
              {ORDER_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn btn-sm btn-outline-primary">
            Apply
          </button>
        </Form>
      </DataTable>
    </>
  );
}
