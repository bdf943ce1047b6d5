import { apiHandler } from "~/web/api.server";
import { categoryJson, listCategories } from "~/models/catalogue";
import { describeRoute, listOf } from "~/web/openapi/operations";
import { categoryPayload } from "~/lib/api-payloads";

// GET /api/v1/categories: the categories the storefront lists, in the shop's order.
export async function loader() {
  return apiHandler(async () => {
    const shown = (await listCategories()).filter((c) => !c.hidden);
    return Response.json({ success: true, categories: shown.map((c) => categoryJson(c)) });
  });
}

export const openapi = describeRoute({
  path: "/categories",
  method: "get",
  summary: "The categories the storefront lists, in the shop's order",
  tag: "Products",
  access: "public",
  ok: listOf("categories", categoryPayload, "The categories"),
});
