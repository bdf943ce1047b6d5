import type { ActionFunctionArgs } from "@remix-run/node";
import { STOCK_ALERT_LINK_INVALID, stockAlertConfirmInput } from "~/lib/stock-alert-schema";
import { confirmStockAlert } from "~/models/inventory";
import { apiError, apiHandler, methodNotAllowed, parseApiInput, readApiBody } from "~/web/api.server";
import { describeRoute, done } from "~/web/openapi/operations";

// POST /api/v1/back-in-stock/confirm { token }: what the confirmation page's button does, for a client of its own.
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request);
  return apiHandler(async () => {
    const { token } = parseApiInput(stockAlertConfirmInput, await readApiBody(request));
    const confirmed = await confirmStockAlert(token);
    if (!confirmed) return apiError(404, STOCK_ALERT_LINK_INVALID);
    return Response.json({
      success: true,
      message: `We will e-mail ${confirmed.email} once, when ${confirmed.itemName} is back in stock`,
    });
  });
}

export const openapi = describeRoute({
  path: "/back-in-stock/confirm",
  method: "post",
  summary: "Confirm a back-in-stock request by the token of the link mailed to its address, without signing in",
  tag: "Products",
  access: "public",
  body: { schema: stockAlertConfirmInput },
  ok: done("Confirmed"),
  errors: [404],
});
