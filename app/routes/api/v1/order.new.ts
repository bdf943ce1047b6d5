import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { config } from "~/config.server";
import { absoluteUrl } from "~/lib/absolute-url";
import { dollarsToCents } from "~/lib/money";
import { guestOrderNewInput, orderNewInput } from "~/lib/api-inputs";
import { apiHandler, methodNotAllowed, parseApiInput, readApiBody } from "~/web/api.server";
import { getOptionalApiUser } from "~/web/auth.server";
import { confirmApiOrder, type ApiOrderInput } from "~/models/checkout";
import { orderLinks, orderJson } from "~/models/orders";
import { describeRoute, guestBody, ok, orderLink, signedInBody } from "~/web/openapi/operations";
import { orderPayload } from "~/lib/api-payloads";

type OrderNewBody = z.output<typeof orderNewInput>;

const orderInputOf = (input: OrderNewBody): ApiOrderInput => ({
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

// POST /api/v1/order/new: the order of a paid intent, confirmed (server cart) or made from the
// posted items, priced on the server (client cart). Calling it again answers the same order.
// Without credentials, a guest's: the e-mail its payment/process named, and the recipient; the
// answer adds the order page's link with its key (the guest has no account to see it in).
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request);
  return apiHandler(async () => {
    const user = await getOptionalApiUser(request);
    const body = await readApiBody(request);
    if (!user) {
      const input = parseApiInput(guestOrderNewInput, body);
      const order = await confirmApiOrder({ guestEmail: input.email }, orderInputOf(input));
      // Always the key's link: the order may have joined the e-mail's account since, but the link stays the guest's.
      const orderLink = absoluteUrl(config.publicUrl, orderLinks({ id: order.id, userId: null }).page);
      return Response.json({ success: true, order: orderJson(order), orderLink }, { status: 201 });
    }
    const input = parseApiInput(orderNewInput, body);
    const order = await confirmApiOrder(user, orderInputOf(input));
    return Response.json({ success: true, order: orderJson(order) }, { status: 201 });
  });
}

export const openapi = describeRoute({
  path: "/order/new",
  method: "post",
  summary:
    "Confirm the order once the payment succeeded; without credentials, a guest's, with the e-mail its payment named",
  tag: "Orders",
  access: "guest",
  body: { schema: z.union([signedInBody(orderNewInput), guestBody(guestOrderNewInput)]) },
  ok: {
    status: 201,
    description: "The order; a guest's with its page's link (`orderLink`)",
    schema: ok({ order: orderPayload, orderLink: orderLink.optional() }),
  },
  errors: [403, 404, 409, 503],
});
