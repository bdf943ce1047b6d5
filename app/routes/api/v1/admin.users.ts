import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiHandler } from "~/web/api.server";
import { listUsers, userJson } from "~/models/accounts";
import { requireApiAdmin } from "~/web/auth.server";
import { adminOperation, describeRoute, listOf } from "~/web/openapi/operations";
import { userPayload } from "~/lib/api-payloads";

export async function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireApiAdmin(request);
    return Response.json({ success: true, users: (await listUsers()).map(userJson) });
  });
}

export const openapi = describeRoute(
  adminOperation({
    path: "/admin/users",
    method: "get",
    summary: "Every user",
    ok: listOf("users", userPayload, "The users"),
  }),
);
