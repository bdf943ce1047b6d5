import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiHandler, methodNotAllowed, parseApiInput, readApiBody } from "~/web/api.server";
import { reviewSchema } from "~/lib/review-schema";
import { requireApiUser } from "~/web/auth.server";
import { upsertReview } from "~/models/reviews.server";

const schema = reviewSchema.extend({
  productId: z.string({ required_error: "Please send the productId" }).min(1, "Please send the productId"),
});

// PUT /api/v1/review { rating, comment, productId }: one review per user and product.
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(request);
  return apiHandler(async () => {
    const user = await requireApiUser(request);
    const input = parseApiInput(schema, await readApiBody(request));
    upsertReview(user.id, input);
    return Response.json({ success: true });
  });
}
