import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiHandler } from "~/web/api.server";
import { listUsers, userJson } from "~/models/accounts";
import { requireApiAdmin } from "~/web/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireApiAdmin(request);
    return Response.json({ success: true, users: (await listUsers()).map(userJson) });
  });
}
