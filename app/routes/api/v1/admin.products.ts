import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiHandler } from "~/web/api.server";
import { productJson } from "~/web/product-json";
import { requireApiAdmin } from "~/web/auth.server";
import { allProducts } from "~/models/catalogue";
import { adminOperation, describeRoute, listOf } from "~/web/openapi/operations";
import { productPayload } from "~/lib/api-payloads";

// GET /api/v1/admin/products: every product (the admin list of the original API).
export async function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireApiAdmin(request);
    return Response.json({ success: true, products: (await allProducts()).map((p) => productJson(p, [])) });
  });
}

export const openapi = describeRoute(
  adminOperation({
    path: "/admin/products",
    method: "get",
    summary: "Every product",
    ok: listOf("products", productPayload, "The products"),
  }),
);
