import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiHandler } from "~/web/api.server";
import { categoryJson, listCategories, productCounts } from "~/models/catalogue";
import { requireApiAdmin } from "~/web/auth.server";
import { adminOperation, describeRoute, listOf } from "~/web/openapi/operations";
import { categoryPayload } from "~/lib/api-payloads";

// GET /api/v1/admin/categories: every category, hidden ones too, with how many products each holds.
export async function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireApiAdmin(request);
    const [categories, counts] = await Promise.all([listCategories(), productCounts()]);
    return Response.json({
      success: true,
      categories: categories.map((c) => categoryJson(c, counts.get(c.name) ?? 0)),
    });
  });
}

export const openapi = describeRoute(
  adminOperation({
    path: "/admin/categories",
    method: "get",
    summary: "Every category, hidden ones too, with how many products each holds",
    ok: listOf("categories", categoryPayload, "The categories"),
  }),
);
