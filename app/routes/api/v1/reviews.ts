import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiError, apiHandler, methodNotAllowed } from "~/web/api.server";
import { reviewJson } from "~/web/product-json";
import { requireApiAdmin } from "~/web/auth.server";
import { getProduct, deleteReview } from "~/models/catalogue";
import { describeRoute, done, listOf } from "~/web/openapi/operations";
import { reviewPayload } from "~/lib/api-payloads";
import { z } from "zod";

// GET /api/v1/reviews?id={productId}
export async function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const id = new URL(request.url).searchParams.get("id");
    if (!id) return apiError(400, "Please send the product id (?id=)");
    const product = await getProduct(id);
    if (!product) return apiError(404, "Product not found");
    return Response.json({ success: true, reviews: product.reviews.map(reviewJson) });
  });
}

// DELETE /api/v1/reviews?id={reviewId}&productId={productId} (admins)
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(request);
  return apiHandler(async () => {
    await requireApiAdmin(request);
    const params = new URL(request.url).searchParams;
    const id = params.get("id");
    const productId = params.get("productId");
    if (!id || !productId) return apiError(400, "Please send the review id (?id=) and the productId");
    await deleteReview(id, productId);
    return Response.json({ success: true, message: "Review deleted successfully" });
  });
}

export const openapi = describeRoute(
  [
    {
      path: "/reviews",
      method: "get",
      summary: "A product's reviews",
      tag: "Reviews",
      access: "public",
      query: z.object({ id: z.string().describe("The product's id") }),
      ok: listOf("reviews", reviewPayload, "The reviews"),
      errors: [400, 404],
    },
    {
      path: "/reviews",
      method: "delete",
      summary: "Delete a review",
      tag: "Reviews",
      access: "admin",
      query: z.object({ id: z.string().describe("The review's id"), productId: z.string() }),
      ok: done("Deleted"),
      errors: [400, 404],
    },
  ],
  { url: "/api/v1/reviews?id=nonexistent0fuzz&productId=nonexistent0fuzz" },
);
