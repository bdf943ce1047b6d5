import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiHandler } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { userJson } from "~/models/accounts";

export async function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => Response.json({ success: true, user: userJson(await requireApiUser(request)) }));
}
