import type { ActionFunctionArgs } from "@remix-run/node";
import { pageSchema } from "~/lib/page-schema";
import { apiHandler, methodNotAllowed, parseApiInput, readApiBody } from "~/web/api.server";
import { createPage, pageJson } from "~/models/content";
import { requireApiAdmin } from "~/web/auth.server";
import { adminOperation, describeRoute, one } from "~/web/openapi/operations";
import { pagePayload } from "~/lib/api-payloads";

// POST /api/v1/admin/page/new: { title, slug?, body, inFooter, position? }.
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request);
  return apiHandler(async () => {
    await requireApiAdmin(request);
    const page = await createPage(parseApiInput(pageSchema, await readApiBody(request)));
    return Response.json({ success: true, page: pageJson(page) }, { status: 201 });
  });
}

export const openapi = describeRoute(
  adminOperation({
    path: "/admin/page/new",
    method: "post",
    summary: "Add a page (Markdown; the slug is made from the title when left out)",
    body: { schema: pageSchema },
    ok: one("page", pagePayload, "The page", 201),
    errors: [409],
  }),
);
