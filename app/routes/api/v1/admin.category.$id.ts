import type { ActionFunctionArgs } from "@remix-run/node";
import { categoryInput } from "~/lib/api-inputs";
import { categoryDeleteSchema } from "~/lib/category-schema";
import { apiHandler, methodNotAllowed, parseApiInput, readApiBody } from "~/web/api.server";
import { categoryPicture } from "~/web/category-form.server";
import { categoryJson, deleteCategory, updateCategory } from "~/models/catalogue";
import { requireApiAdmin } from "~/web/auth.server";
import { adminOperation, describeRoute, ok, one } from "~/web/openapi/operations";
import { categoryPayload } from "~/lib/api-payloads";
import { z } from "zod";

// PUT /api/v1/admin/category/:id (the whole category, as on create; the picture stays unless sent or
// removed) and DELETE (?moveTo={another category's id} when it holds products).
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed(request);
  return apiHandler(async () => {
    await requireApiAdmin(request);
    const id = params.id ?? "";
    if (request.method === "DELETE") {
      const query = { moveTo: new URL(request.url).searchParams.get("moveTo") ?? undefined };
      const { moved } = await deleteCategory(id, parseApiInput(categoryDeleteSchema, query).moveTo);
      return Response.json({ success: true, message: "Category deleted", moved });
    }
    const body = await readApiBody(request, { files: { image: 1 } });
    const { image, imageRemove, ...input } = parseApiInput(categoryInput, body);
    const category = await updateCategory(id, input, categoryPicture(image, imageRemove));
    return Response.json({ success: true, category: categoryJson(category) });
  });
}

export const openapi = describeRoute([
  adminOperation({
    path: "/admin/category/{id}",
    method: "put",
    summary: "Change a category (all of it, as on create): a new name goes to its products too",
    body: { schema: categoryInput, files: { image: "one" } },
    ok: one("category", categoryPayload, "The category"),
    errors: [409],
  }),
  adminOperation({
    path: "/admin/category/{id}",
    method: "delete",
    summary: "Delete a category; one that holds products needs `moveTo`, the category they go to",
    query: categoryDeleteSchema.extend({
      moveTo: categoryDeleteSchema.shape.moveTo.describe("Another category's id, for the products this one holds"),
    }),
    ok: {
      status: 200,
      description: "Deleted",
      schema: ok({ message: z.string(), moved: z.number().int().describe("How many products moved") }),
    },
    errors: [400, 409],
  }),
]);
