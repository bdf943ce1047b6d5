import type { ActionFunctionArgs } from "@remix-run/node";
import { apiHandler, methodNotAllowed, parseApiInput, readApiBody } from "~/web/api.server";
import { reviewInput } from "~/lib/api-inputs";
import { requireApiUser } from "~/web/auth.server";
import { upsertReview } from "~/models/catalogue";
import { describeRoute, ok } from "~/web/openapi/operations";

// PUT /api/v1/review { rating, comment, productId }: one review per user and product.
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(request);
  return apiHandler(async () => {
    const user = await requireApiUser(request);
    const input = parseApiInput(reviewInput, await readApiBody(request));
    await upsertReview(user.id, input);
    return Response.json({ success: true });
  });
}

export const openapi = describeRoute({
  path: "/review",
  method: "put",
  summary: "Write or replace the caller's review of a product",
  tag: "Reviews",
  access: "user",
  body: { schema: reviewInput },
  ok: { status: 200, description: "Saved", schema: ok({}) },
  errors: [404],
});
