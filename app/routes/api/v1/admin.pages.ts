import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiHandler } from "~/web/api.server";
import { listPages, pageJson } from "~/models/content";
import { requireApiAdmin } from "~/web/auth.server";
import { adminOperation, describeRoute, listOf } from "~/web/openapi/operations";
import { pagePayload } from "~/lib/api-payloads";

// GET /api/v1/admin/pages: every page, in or out of the footer.
export async function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireApiAdmin(request);
    return Response.json({ success: true, pages: (await listPages()).map(pageJson) });
  });
}

export const openapi = describeRoute(
  adminOperation({
    path: "/admin/pages",
    method: "get",
    summary: "Every page, in the footer or not",
    ok: listOf("pages", pagePayload, "The pages"),
  }),
);
