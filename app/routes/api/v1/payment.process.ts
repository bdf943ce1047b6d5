import type { ActionFunctionArgs } from "@remix-run/node";
import { apiHandler, methodNotAllowed, parseApiInput, readApiBody } from "~/web/api.server";
import { guestPaymentProcessInput, paymentProcessInput } from "~/lib/api-inputs";
import { getOptionalApiUser } from "~/web/auth.server";
import { startApiPayment } from "~/models/checkout";
import { describeRoute, guestBody, ok, signedInBody } from "~/web/openapi/operations";
import { z } from "zod";

// POST /api/v1/payment/process { amount }: with a cart on the server the amount must be its total;
// without one (a client that keeps its cart) the intent is for the amount asked, checked when
// /order/new makes the order. Without credentials, a guest's: { amount, email }, the intent made
// for that e-mail (its order/new must name the same one).
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request);
  return apiHandler(async () => {
    const user = await getOptionalApiUser(request);
    const body = await readApiBody(request);
    if (!user) {
      const { amount, email } = parseApiInput(guestPaymentProcessInput, body);
      const intent = await startApiPayment({ guestEmail: email }, amount);
      return Response.json({ success: true, client_secret: intent.client_secret });
    }
    const { amount } = parseApiInput(paymentProcessInput, body);
    const intent = await startApiPayment(user, amount);
    return Response.json({ success: true, client_secret: intent.client_secret });
  });
}

export const openapi = describeRoute({
  path: "/payment/process",
  method: "post",
  summary:
    "Start paying for the cart (amount in cents); without credentials, a guest's client cart, for the e-mail given",
  tag: "Payment",
  access: "guest",
  body: { schema: z.union([signedInBody(paymentProcessInput), guestBody(guestPaymentProcessInput)]) },
  ok: { status: 200, description: "The payment intent's client secret", schema: ok({ client_secret: z.string() }) },
  errors: [503],
});
