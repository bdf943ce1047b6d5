import type { ActionFunctionArgs } from "@remix-run/node";
import { orderQuoteInput } from "~/lib/api-inputs";
import { apiHandler, methodNotAllowed, parseApiInput, readApiBody } from "~/web/api.server";
import { getOptionalUser } from "~/web/auth.server";
import { quoteClientCart, quoteJson } from "~/models/checkout";
import { describeRoute, one } from "~/web/openapi/operations";
import { quotePayload } from "~/lib/api-payloads";

// POST /api/v1/order/quote: a client cart priced as its order will be, its discount code with it
// (whose own limit counts the caller's orders when signed in). The total is what to pay.
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request);
  return apiHandler(async () => {
    const user = await getOptionalUser(request);
    const input = parseApiInput(orderQuoteInput, await readApiBody(request));
    const quote = await quoteClientCart(
      user,
      input.orderItems.map((item) => ({ productId: item.product, variantId: item.variant, quantity: item.quantity })),
      input.shippingInfo,
      { shippingMethod: input.shippingMethod, couponCode: input.couponCode },
    );
    return Response.json({ success: true, quote: quoteJson(quote) });
  });
}

export const openapi = describeRoute({
  path: "/order/quote",
  method: "post",
  summary: "Price a client's cart as its order will be, with a discount code: the amount to pay",
  tag: "Orders",
  access: "public",
  body: { schema: orderQuoteInput },
  ok: one("quote", quotePayload, "The order's total, and what became of the code"),
  errors: [400, 404],
});
