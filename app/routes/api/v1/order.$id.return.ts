import type { ActionFunctionArgs } from "@remix-run/node";
import { returnJson, returnPayload } from "~/lib/api-payloads";
import { returnInput } from "~/lib/return-schema";
import { requestReturn } from "~/models/after-sales";
import { apiHandler, methodNotAllowed, parseApiInput, readApiBody } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { describeRoute, one } from "~/web/openapi/operations";

// POST /api/v1/order/:id/return { items: [{ item, quantity }], reason }: the shopper asks to return
// items of their delivered order, within the shop's return window.
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request);
  return apiHandler(async () => {
    const user = await requireApiUser(request);
    const input = parseApiInput(returnInput, await readApiBody(request));
    const made = await requestReturn(user, params.id ?? "", input);
    return Response.json({ success: true, return: returnJson(made) }, { status: 201 });
  });
}

export const openapi = describeRoute({
  path: "/order/{id}/return",
  method: "post",
  summary: "Ask to return items of one's delivered order, within the shop's return window (a mail confirms it)",
  tag: "Orders",
  access: "user",
  body: { schema: returnInput },
  ok: one("return", returnPayload, "The return, requested", 201),
  errors: [409],
});
