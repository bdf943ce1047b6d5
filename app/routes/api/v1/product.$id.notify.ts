import type { ActionFunctionArgs } from "@remix-run/node";
import { stockAlertAnswer, stockAlertSchema } from "~/lib/stock-alert-schema";
import { askForStockAlert } from "~/models/inventory";
import { apiHandler, methodNotAllowed, parseApiInput, readApiBody } from "~/web/api.server";
import { getOptionalApiUser } from "~/web/auth.server";
import { describeRoute, message } from "~/web/openapi/operations";

// POST /api/v1/product/:id/notify { email, variant? }: a mail when the sold-out product (or its
// variant) is back in stock. Signed in or not; an address not proven the shopper's confirms by the
// link mailed to it first. Rate-limited per client IP and per mailbox (429 with Retry-After).
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request);
  return apiHandler(async () => {
    const user = await getOptionalApiUser(request);
    const input = parseApiInput(stockAlertSchema, await readApiBody(request));
    const { toConfirm } = await askForStockAlert(params.id ?? "", input, { user, ip: context.clientIp });
    return Response.json({ success: true, message: stockAlertAnswer(toConfirm) }, { status: 201 });
  });
}

// The fuzz test sends its bodies about a real product (`:product`, filled in by the test).
export const openapi = describeRoute(
  {
    path: "/product/{id}/notify",
    method: "post",
    summary:
      "Ask for one mail when the sold-out product (or variant) is back in stock; signed in or not (the shop's backInStockMails setting). Unless it is the caller's own proven address, the address gets a link to confirm first (POST /back-in-stock/confirm); the answer is the same whatever the address's state. Rate-limited per client IP and per mailbox",
    tag: "Products",
    access: "public",
    body: { schema: stockAlertSchema },
    ok: { status: 201, description: "Asked for", schema: message },
    errors: [403, 409, 429],
  },
  { url: "/api/v1/product/:product/notify" },
);
