import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiError, apiHandler } from "~/web/api.server";
import { parseProductQuery, QUERY_FIELDS, catalogueQuerySchema } from "~/lib/catalogue-query";
import { productJson } from "~/web/product-json";
import { categoryNames, listProducts, reviewsByProduct } from "~/models/catalogue";
import { getShopSettings } from "~/models/settings";
import { describeRoute, pageOf } from "~/web/openapi/operations";
import { productPayload } from "~/lib/api-payloads";
import { z } from "zod";

export async function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const parsed = parseProductQuery(new URL(request.url).searchParams, await categoryNames(), {
      locale: (await getShopSettings()).locale,
    });
    if (!parsed.success) return apiError(400, parsed.message);
    const page = await listProducts(parsed.query);
    const reviews = await reviewsByProduct(page.products.map((p) => p.id));
    return Response.json({
      success: true,
      productsCount: page.productsCount,
      resPerPage: page.resPerPage,
      filteredProductsCount: page.filteredProductsCount,
      products: page.products.map((p) => productJson(p, reviews.get(p.id) ?? [])),
    });
  });
}

// The catalogue query's own field schemas, under their URL names (`price[gte]`, …).
const catalogueFields = catalogueQuerySchema.innerType().shape;
const catalogueQuery = z.object(
  Object.fromEntries(
    Object.entries(QUERY_FIELDS).map(([field, name]) => [name, catalogueFields[field as keyof typeof QUERY_FIELDS]]),
  ),
);

export const openapi = describeRoute({
  path: "/products",
  method: "get",
  summary: "Search and page the catalogue",
  tag: "Products",
  access: "public",
  query: catalogueQuery,
  cached: true,
  ok: pageOf(
    { productsCount: z.number().int() },
    { filteredProductsCount: z.number().int(), products: z.array(productPayload) },
    "One page of products",
  ),
  errors: [400],
});
