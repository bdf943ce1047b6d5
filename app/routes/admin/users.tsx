import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { createColumnHelper } from "@tanstack/react-table";
import { DataTable, WIDE_ONLY } from "~/components/DataTable";
import { ShortId } from "~/components/ShortId";
import { adminMeta, type AdminHandle } from "~/lib/meta";
import { parseTableQuery } from "~/lib/table-query";
import { USER_SORTS } from "~/lib/admin-sorts";
import { listUsersPage } from "~/models/accounts";
import { requireAdmin } from "~/web/auth.server";

export const handle: AdminHandle = { title: "All Users" };
export const meta = adminMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const query = parseTableQuery(new URL(request.url).searchParams, USER_SORTS, { sort: "createdAt", dir: "desc" });
  return { ...(await listUsersPage(query)), query };
}

type Row = Awaited<ReturnType<typeof loader>>["rows"][number];
const column = createColumnHelper<Row>();
const columns = [
  column.accessor("id", { header: "User ID", cell: (c) => <ShortId id={c.getValue()} />, meta: WIDE_ONLY }),
  column.accessor("name", { header: "Name", meta: WIDE_ONLY }),
  column.accessor("email", { header: "Email" }),
  column.accessor("role", { header: "Role" }),
  column.display({
    id: "actions",
    header: "Actions",
    cell: (c) => (
      <div className="d-flex flex-wrap gap-2">
        <Link
          to={`/admin/user/${c.row.original.id}`}
          className="btn btn-sm btn-primary"
          aria-label={`Edit ${c.row.original.email}`}
        >
          Edit
        </Link>
        <Link
          to={`/admin/user/${c.row.original.id}/delete`}
          className="btn btn-sm btn-danger"
          aria-label={`Delete ${c.row.original.email}`}
        >
          Delete
        </Link>
      </div>
    ),
  }),
];

export default function AdminUsers() {
  const { rows, total, query } = useLoaderData<typeof loader>();
  return (
    <>
      <DataTable columns={columns} data={rows} total={total} query={query} sortable={[...USER_SORTS]} caption="Users" />
    </>
  );
}
