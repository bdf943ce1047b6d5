import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { AdminShell } from "~/components/AdminShell";
import { requireAdmin } from "~/web/auth.server";

// The admin area's layout: the sidebar and the page heading, rendered once around every admin page.
// Each page's own loader and action check the role too (loaders run in parallel, so this one
// cannot guard them).
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

export default function AdminLayout() {
  return (
    <AdminShell>
      <Outlet />
    </AdminShell>
  );
}
