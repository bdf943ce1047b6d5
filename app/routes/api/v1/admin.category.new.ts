import type { ActionFunctionArgs } from "@remix-run/node";
import { categoryInput } from "~/lib/api-inputs";
import { apiHandler, methodNotAllowed, parseApiInput, readApiBody } from "~/web/api.server";
import { categoryPicture } from "~/web/category-form.server";
import { categoryJson, createCategory } from "~/models/catalogue";
import { requireApiAdmin } from "~/web/auth.server";
import { adminOperation, describeRoute, one } from "~/web/openapi/operations";
import { categoryPayload } from "~/lib/api-payloads";

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

// A body with a name adds a category to the shared shop: fuzzed as an admin on a shop of its own
// (tests/e2e/api/categories-api.spec.ts).
export const openapi = describeRoute(
  adminOperation({
    path: "/admin/category/new",
    method: "post",
    summary: "Add a category, last in the shop's order (the slug is made from the name when left out)",
    body: { schema: categoryInput, files: { image: "one" } },
    ok: one("category", categoryPayload, "The category", 201),
    errors: [409],
  }),
  { admin: false },
);
