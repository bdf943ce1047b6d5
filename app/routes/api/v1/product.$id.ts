import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiError, apiHandler } from "~/web/api.server";
import { productJson } from "~/web/product-json";
import { getProduct } from "~/models/catalogue";
import { describeRoute, one } from "~/web/openapi/operations";
import { productPayload } from "~/lib/api-payloads";

export async function loader({ params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const product = await getProduct(params.id ?? "");
    if (!product) return apiError(404, "Product not found");
    return Response.json({ success: true, product: productJson(product, product.reviews) });
  });
}

export const openapi = describeRoute({
  path: "/product/{id}",
  method: "get",
  summary: "One product with its reviews",
  tag: "Products",
  access: "public",
  cached: true,
  ok: one("product", productPayload, "The product"),
});
