import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiError, apiHandler } from "~/web/api.server";
import { parseProductQuery } from "~/lib/catalogue-query";
import { productJson } from "~/web/product-json";
import { categoryNames, listProducts, reviewsByProduct } from "~/models/catalogue";
import { getShopSettings } from "~/models/settings";

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
