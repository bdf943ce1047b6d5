import type { ActionFunctionArgs } from "@remix-run/node";
import { pageSchema } from "~/lib/page-schema";
import { apiHandler, methodNotAllowed, parseApiInput, readApiBody } from "~/web/api.server";
import { deletePage, pageJson, updatePage } from "~/models/content";
import { requireApiAdmin } from "~/web/auth.server";
import { adminOperation, describeRoute, done, one } from "~/web/openapi/operations";
import { pagePayload } from "~/lib/api-payloads";

// PUT /api/v1/admin/page/:id (the whole page, as on create) and DELETE.
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed(request);
  return apiHandler(async () => {
    await requireApiAdmin(request);
    const id = params.id ?? "";
    if (request.method === "DELETE") {
      await deletePage(id);
      return Response.json({ success: true, message: "Page deleted" });
    }
    const page = await updatePage(id, parseApiInput(pageSchema, await readApiBody(request)));
    return Response.json({ success: true, page: pageJson(page) });
  });
}

export const openapi = describeRoute([
  adminOperation({
    path: "/admin/page/{id}",
    method: "put",
    summary: "Change a page (all of it, as on create)",
    body: { schema: pageSchema },
    ok: one("page", pagePayload, "The page"),
    errors: [409],
  }),
  adminOperation({ path: "/admin/page/{id}", method: "delete", summary: "Delete a page", ok: done("Deleted") }),
]);
