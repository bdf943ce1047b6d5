import type { ActionFunctionArgs } from "@remix-run/node";
import { apiHandler, methodNotAllowed, parseApiInput, readApiBody } from "~/web/api.server";
import { paymentProcessInput } from "~/lib/api-inputs";
import { requireApiUser } from "~/web/auth.server";
import { startApiPayment } from "~/models/checkout/client-cart-checkout.server";

// POST /api/v1/payment/process { amount }: with a cart on the server the amount must be its total;
// without one (a client that keeps its cart) the intent is for the amount asked, checked when
// /order/new makes the order.
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request);
  return apiHandler(async () => {
    const user = await requireApiUser(request);
    const { amount } = parseApiInput(paymentProcessInput, await readApiBody(request));
    const intent = await startApiPayment(user, amount);
    return Response.json({ success: true, client_secret: intent.client_secret });
  });
}
