import type { ActionFunctionArgs } from "@remix-run/node";
import { apiError, apiHandler, methodNotAllowed, parseApiInput, readApiBody } from "~/web/api.server";
import { orderNewInput } from "~/lib/api-inputs";
import { dollarsToCents, formatMoney } from "~/lib/money";
import { requireApiUser } from "~/web/auth.server";
import { settlePayment } from "~/models/checkout.server";
import { getOrder, getOrderByIntent, orderJson } from "~/models/orders.server";

// POST /api/v1/order/new: the order was priced and its stock reserved when the payment started;
// this confirms it once the provider says the intent succeeded. Calling it again is harmless.
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request);
  return apiHandler(async () => {
    const user = await requireApiUser(request);
    const input = parseApiInput(orderNewInput, await readApiBody(request));
    const pending = getOrderByIntent(input.paymentInfo.id);
    if (!pending || pending.userId !== user.id) return apiError(404, "No order for this payment");
    if (input.totalPrice !== undefined && dollarsToCents(input.totalPrice) !== pending.totalPriceCents)
      return apiError(400, `The total does not match the order's total of ${formatMoney(pending.totalPriceCents)}.`);
    const result = await settlePayment(input.paymentInfo.id);
    if (!result.ok) return apiError(400, result.message);
    return Response.json({ success: true, order: orderJson(getOrder(result.orderId)!) }, { status: 201 });
  });
}
