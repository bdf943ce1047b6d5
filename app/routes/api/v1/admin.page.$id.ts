import type { ActionFunctionArgs } from "@remix-run/node";
import { pageSchema } from "~/lib/page-schema";
import { apiHandler, methodNotAllowed, parseApiInput, readApiBody } from "~/web/api.server";
import { deletePage, pageJson, updatePage } from "~/models/content";
import { requireApiAdmin } from "~/web/auth.server";

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
