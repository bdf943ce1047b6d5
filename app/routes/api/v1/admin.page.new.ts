import type { ActionFunctionArgs } from "@remix-run/node";
import { pageSchema } from "~/lib/page-schema";
import { apiHandler, methodNotAllowed, parseApiInput, readApiBody } from "~/web/api.server";
import { createPage, pageJson } from "~/models/content";
import { requireApiAdmin } from "~/web/auth.server";

// POST /api/v1/admin/page/new: { title, slug?, body, inFooter, position? }.
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request);
  return apiHandler(async () => {
    await requireApiAdmin(request);
    const page = await createPage(parseApiInput(pageSchema, await readApiBody(request)));
    return Response.json({ success: true, page: pageJson(page) }, { status: 201 });
  });
}
