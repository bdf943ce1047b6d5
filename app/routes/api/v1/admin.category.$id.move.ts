import type { ActionFunctionArgs } from "@remix-run/node";
import { categoryMoveInput } from "~/lib/api-inputs";
import { apiHandler, methodNotAllowed, parseApiInput, readApiBody } from "~/web/api.server";
import { moveCategory } from "~/models/catalogue";
import { requireApiAdmin } from "~/web/auth.server";
import { adminOperation, describeRoute, done } from "~/web/openapi/operations";

// POST /api/v1/admin/category/:id/move: { direction: "up" | "down" }, one place in the shop's order.
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request);
  return apiHandler(async () => {
    await requireApiAdmin(request);
    const { direction } = parseApiInput(categoryMoveInput, await readApiBody(request));
    await moveCategory(params.id ?? "", direction);
    return Response.json({ success: true, message: "Order saved" });
  });
}

export const openapi = describeRoute(
  adminOperation({
    path: "/admin/category/{id}/move",
    method: "post",
    summary: "Move a category one place up or down in the shop's order",
    body: { schema: categoryMoveInput },
    ok: done("Moved"),
  }),
);
