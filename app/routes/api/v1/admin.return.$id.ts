import type { ActionFunctionArgs } from "@remix-run/node";
import { returnJson, returnPayload } from "~/lib/api-payloads";
import { returnActionInput } from "~/lib/return-schema";
import { advanceReturn } from "~/models/after-sales";
import { apiHandler, methodNotAllowed, parseApiInput, readApiBody } from "~/web/api.server";
import { requireApiAdmin } from "~/web/auth.server";
import { adminOperation, describeRoute, one } from "~/web/openapi/operations";

// POST /api/v1/admin/return/:id { action: approve | reject | receive | refund }: the next step of a
// return (refund: the items' share of what was paid, back in stock).
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request);
  return apiHandler(async () => {
    const admin = await requireApiAdmin(request);
    const { action: step } = parseApiInput(returnActionInput, await readApiBody(request));
    const moved = await advanceReturn(params.id ?? "", step, { id: admin.id, name: admin.name });
    return Response.json({ success: true, return: returnJson(moved) });
  });
}

export const openapi = describeRoute(
  adminOperation({
    path: "/admin/return/{id}",
    method: "post",
    summary:
      "The next step of a return: approve or reject it, mark it received, or refund it (the items' share of what was paid, back in stock); each mails the shopper",
    body: { schema: returnActionInput },
    ok: one("return", returnPayload, "The return as it is now"),
    errors: [409, 503],
  }),
);
