import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiError, apiHandler, methodNotAllowed, parseApiInput, readApiBody } from "~/web/api.server";
import { formatMoney } from "~/lib/money";
import { priceOrder } from "~/lib/pricing";
import { requireApiUser } from "~/web/auth.server";
import { loadCart, userCart } from "~/models/cart.server";
import { startPayment } from "~/models/checkout.server";

const schema = z.object({
  amount: z.number({ required_error: "Please send the amount in cents", invalid_type_error: "The amount must be a number of cents" }).int("The amount must be a whole number of cents"),
});

// POST /api/v1/payment/process { amount }: the amount is checked against the cart's total as the
// server computes it; the intent is always created for the server's figure.
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request);
  return apiHandler(async () => {
    const user = await requireApiUser(request);
    const { amount } = parseApiInput(schema, await readApiBody(request));
    const { lines, notices } = await loadCart(userCart(user.id));
    // Stock changed since the buyer last saw the cart: say what changed rather than charge a new total.
    if (notices.length) return apiError(409, notices.join(" "));
    if (lines.length === 0) return apiError(400, "Your cart is empty.");
    const { totalCents } = priceOrder(lines);
    if (amount !== totalCents) return apiError(400, `The amount does not match your cart's total of ${formatMoney(totalCents)}.`);
    const { intent } = await startPayment(user);
    return Response.json({ success: true, client_secret: intent.client_secret });
  });
}
