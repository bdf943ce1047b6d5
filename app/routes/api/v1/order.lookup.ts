import type { ActionFunctionArgs } from "@remix-run/node";
import { config } from "~/config.server";
import { absoluteUrl } from "~/lib/absolute-url";
import { orderLookupInput } from "~/lib/api-inputs";
import { LOOKUP_NOT_FOUND } from "~/lib/order-lookup-schema";
import { PublicError } from "~/lib/public-error";
import { apiHandler, methodNotAllowed, parseApiInput, readApiBody } from "~/web/api.server";
import { lookUpGuestOrder, getOrder, orderJson } from "~/models/orders";
import { describeRoute, ok, orderLink } from "~/web/openapi/operations";
import { orderPayload } from "~/lib/api-payloads";

// POST /api/v1/order/lookup { orderNumber, email }: a guest's order found again, with its page's
// link (and key). No credentials needed. Counted against the client's address and the e-mail (429
// past either), and one 404 whatever did not match: it never tells whether an e-mail or a number exists.
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request);
  return apiHandler(async () => {
    const { orderNumber, email } = parseApiInput(orderLookupInput, await readApiBody(request));
    const found = await lookUpGuestOrder({ orderNumber, email }, context.clientIp);
    const order = await getOrder(found.id);
    if (!order) throw new PublicError(LOOKUP_NOT_FOUND, 404);
    return Response.json({
      success: true,
      order: orderJson(order),
      orderLink: absoluteUrl(config.publicUrl, found.page),
    });
  });
}

export const openapi = describeRoute({
  path: "/order/lookup",
  method: "post",
  summary: "Find a guest's order again by its number and the e-mail it was bought with",
  tag: "Orders",
  access: "public",
  body: { schema: orderLookupInput },
  ok: { status: 200, description: "The order and its page's link", schema: ok({ order: orderPayload, orderLink }) },
  // One 404 whatever did not match; counted per client address and per e-mail.
  errors: [404, 429],
});
