import type { ActionFunctionArgs } from "@remix-run/node";
import { categoryInput } from "~/lib/api-inputs";
import { apiHandler, methodNotAllowed, parseApiInput, readApiBody } from "~/web/api.server";
import { categoryPicture } from "~/web/category-form.server";
import { categoryJson, createCategory } from "~/models/catalogue";
import { requireApiAdmin } from "~/web/auth.server";

// POST /api/v1/admin/category/new: { name, slug?, hidden?, image? } (JSON, or multipart with the picture as a file).
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request);
  return apiHandler(async () => {
    await requireApiAdmin(request);
    const body = await readApiBody(request, { files: { image: 1 } });
    const { image, imageRemove, ...input } = parseApiInput(categoryInput, body);
    const category = await createCategory(input, categoryPicture(image, imageRemove));
    return Response.json({ success: true, category: categoryJson(category) }, { status: 201 });
  });
}
