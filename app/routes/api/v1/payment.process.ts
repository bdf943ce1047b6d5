import type { ActionFunctionArgs } from "@remix-run/node";
import { apiHandler, methodNotAllowed, parseApiInput, readApiBody } from "~/web/api.server";
import { paymentProcessInput } from "~/lib/api-inputs";
import { requireApiUser } from "~/web/auth.server";
import { startPayment } from "~/models/checkout.server";

// POST /api/v1/payment/process { amount }: the amount is checked against the cart's total as the
// server computes it; the intent is always created for the server's figure.
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request);
  return apiHandler(async () => {
    const user = await requireApiUser(request);
    const { amount } = parseApiInput(paymentProcessInput, await readApiBody(request));
    const { intent } = await startPayment(user, { amountCents: amount });
    return Response.json({ success: true, client_secret: intent.client_secret });
  });
}
