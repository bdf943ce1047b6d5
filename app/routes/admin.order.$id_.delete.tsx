import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminShell } from "~/components/AdminShell";
import { ConfirmDelete } from "~/components/ConfirmDelete";
import { orErrorPage } from "~/web/form-response.server";
import { pageTitle } from "~/lib/meta";
import { redirectWithSuccess } from "~/web/toast.server";
import { deleteOrder } from "~/models/admin-orders.server";
import { requireAdmin } from "~/web/auth.server";
import { getOrder } from "~/models/orders.server";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "Delete Order");

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  if (!getOrder(params.id ?? "")) throw data("Order not found", { status: 404 });
  return { id: params.id ?? "" };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  await orErrorPage(() => deleteOrder(params.id ?? ""));
  return redirectWithSuccess("/admin/orders", "Order deleted successfully");
}

export default function AdminDeleteOrder() {
  const { id } = useLoaderData<typeof loader>();
  return (
    <AdminShell title="Delete Order">
      <ConfirmDelete what={`order ${id}`} cancelTo="/admin/orders" />
    </AdminShell>
  );
}
