import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { adminUserSchema } from "~/lib/account-schemas";
import { apiHandler, methodNotAllowed, parseApiInput, readApiBody } from "~/web/api.server";
import { deleteUserByAdmin, getUserForAdmin, updateUserByAdmin, userJson } from "~/models/accounts";
import { requireApiAdmin } from "~/web/auth.server";
import { adminOperation, describeRoute, done, one } from "~/web/openapi/operations";
import { userPayload } from "~/lib/api-payloads";

export async function loader({ request, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireApiAdmin(request);
    return Response.json({ success: true, user: userJson(await getUserForAdmin(params.id ?? "")) });
  });
}

// PUT { name, email, role } and DELETE; an admin cannot demote or delete themself.
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed(request);
  return apiHandler(async () => {
    const admin = await requireApiAdmin(request);
    const id = params.id ?? "";
    if (request.method === "DELETE") {
      await deleteUserByAdmin(admin, id);
      return Response.json({ success: true, message: "User deleted successfully" });
    }
    const input = parseApiInput(adminUserSchema, await readApiBody(request));
    return Response.json({ success: true, user: userJson(await updateUserByAdmin(admin, id, input)) });
  });
}

export const openapi = describeRoute([
  adminOperation({
    path: "/admin/user/{id}",
    method: "get",
    summary: "One user",
    ok: one("user", userPayload, "The user"),
  }),
  adminOperation({
    path: "/admin/user/{id}",
    method: "put",
    summary: "Change a user's name, e-mail and role",
    body: { schema: adminUserSchema },
    ok: one("user", userPayload, "The updated user"),
    errors: [409],
  }),
  adminOperation({
    path: "/admin/user/{id}",
    method: "delete",
    summary: "Delete a user (not oneself)",
    ok: done("Deleted"),
    errors: [400],
  }),
]);
