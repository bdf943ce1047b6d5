import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminShell } from "~/components/AdminShell";
import { ConfirmDelete } from "~/components/ConfirmDelete";
import { orErrorPage } from "~/web/form-response.server";
import { pageTitle } from "~/lib/meta";
import { redirectWithSuccess } from "~/web/toast.server";
import { deleteProduct } from "~/models/admin-products.server";
import { requireAdmin } from "~/web/auth.server";
import { getProduct } from "~/models/products.server";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "Delete Product");

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const product = await getProduct(params.id ?? "");
  if (!product) throw data("Product not found", { status: 404 });
  return { name: product.name };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  await orErrorPage(() => deleteProduct(params.id ?? ""));
  return redirectWithSuccess("/admin/products", "Product deleted successfully");
}

export default function AdminDeleteProduct() {
  const { name } = useLoaderData<typeof loader>();
  return (
    <AdminShell title="Delete Product">
      <ConfirmDelete what={name} cancelTo="/admin/products" />
    </AdminShell>
  );
}
