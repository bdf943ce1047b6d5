import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiHandler } from "~/web/api.server";
import { listPages, pageJson } from "~/models/content";
import { requireApiAdmin } from "~/web/auth.server";

// GET /api/v1/admin/pages: every page, in or out of the footer.
export async function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireApiAdmin(request);
    return Response.json({ success: true, pages: (await listPages()).map(pageJson) });
  });
}
