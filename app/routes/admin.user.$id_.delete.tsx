import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminShell } from "~/components/AdminShell";
import { ConfirmDelete } from "~/components/ConfirmDelete";
import { pageTitle } from "~/lib/meta";
import { PublicError } from "~/lib/public-error";
import { redirectWithError, redirectWithSuccess } from "~/web/toast.server";
import { deleteUserByAdmin } from "~/models/admin-users.server";
import { requireAdmin } from "~/web/auth.server";
import { getUserById } from "~/models/users.server";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "Delete User");

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const user = getUserById(params.id ?? "");
  if (!user) throw data("User not found", { status: 404 });
  return { email: user.email };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  try {
    await deleteUserByAdmin(admin, params.id ?? "");
  } catch (error) {
    if (error instanceof PublicError) return redirectWithError("/admin/users", error.message);
    throw error;
  }
  return redirectWithSuccess("/admin/users", "User deleted successfully");
}

export default function AdminDeleteUser() {
  const { email } = useLoaderData<typeof loader>();
  return (
    <AdminShell title="Delete User">
      <ConfirmDelete what={`the account ${email}`} cancelTo="/admin/users" />
    </AdminShell>
  );
}
