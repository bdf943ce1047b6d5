import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiHandler } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { userJson } from "~/models/accounts";
import { describeRoute, one } from "~/web/openapi/operations";
import { userPayload } from "~/lib/api-payloads";

export async function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => Response.json({ success: true, user: userJson(await requireApiUser(request)) }));
}

export const openapi = describeRoute({
  path: "/me",
  method: "get",
  summary: "The signed-in user",
  tag: "Accounts",
  access: "user",
  ok: one("user", userPayload, "The user"),
});
