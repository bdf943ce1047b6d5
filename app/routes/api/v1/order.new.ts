import type { ActionFunctionArgs } from "@remix-run/node";
import { dollarsToCents } from "~/lib/money";
import { orderNewInput } from "~/lib/api-inputs";
import { apiHandler, methodNotAllowed, parseApiInput, readApiBody } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { confirmApiOrder } from "~/models/checkout/client-cart-checkout.server";
import { orderJson } from "~/models/orders.server";

// POST /api/v1/order/new: the order of a paid intent, confirmed (server cart) or made from the
// posted items, priced on the server (client cart). Calling it again answers the same order.
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request);
  return apiHandler(async () => {
    const user = await requireApiUser(request);
    const input = parseApiInput(orderNewInput, await readApiBody(request));
    const order = await confirmApiOrder(user, {
      intentId: input.paymentInfo.id,
      totalCents: input.totalPrice === undefined ? undefined : dollarsToCents(input.totalPrice),
      lines: input.orderItems?.map((item) => ({
        productId: item.product,
        variantId: item.variant,
        quantity: item.quantity,
      })),
      shipping: input.shippingInfo,
      shippingMethod: input.shippingMethod,
      couponCode: input.couponCode,
    });
    return Response.json({ success: true, order: orderJson(order) }, { status: 201 });
  });
}
