import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { adminUserSchema } from "~/lib/account-schemas";
import { apiHandler, methodNotAllowed, parseApiInput, readApiBody } from "~/web/api.server";
import { deleteUserByAdmin, getUserForAdmin, updateUserByAdmin, userJson } from "~/models/accounts";
import { requireApiAdmin } from "~/web/auth.server";

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
