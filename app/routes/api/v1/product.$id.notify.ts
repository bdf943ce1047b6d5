import type { ActionFunctionArgs } from "@remix-run/node";
import { stockAlertSchema } from "~/lib/stock-alert-schema";
import { askForStockAlert } from "~/models/stock-alerts.server";
import { apiHandler, methodNotAllowed, parseApiInput, readApiBody } from "~/web/api.server";
import { getOptionalApiUser } from "~/web/auth.server";

// POST /api/v1/product/:id/notify { email, variant? }: a mail when the sold-out product (or its
// variant) is back in stock. Signed in or not.
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request);
  return apiHandler(async () => {
    const user = await getOptionalApiUser(request);
    const input = parseApiInput(stockAlertSchema, await readApiBody(request));
    await askForStockAlert(params.id ?? "", input, user);
    return Response.json({ success: true, message: "We will e-mail you when it is back in stock" }, { status: 201 });
  });
}
