import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { redirectWithError } from "~/web/toast.server";
import { checkoutBuyer } from "~/web/checkout-page.server";
import { settleCheckoutReturn, settleElementsReturn } from "~/models/checkout";
import { notFound } from "~/web/errors.server";

// GET /payment/return: where Stripe Checkout (?session_id=) and the Stripe Elements form
// (?payment_intent=) send the buyer. The order is paid only if Stripe says so now; the webhook
// leads to the same step, and whichever comes first does it.
export async function loader({ request }: LoaderFunctionArgs) {
  const { buyer } = await checkoutBuyer(request);
  if (!buyer) throw notFound("Not Found");
  const params = new URL(request.url).searchParams;
  const sessionId = params.get("session_id");
  const intentId = params.get("payment_intent");
  const outcome = sessionId
    ? await settleCheckoutReturn(sessionId, buyer)
    : intentId
      ? await settleElementsReturn(intentId, buyer)
      : null;
  if (!outcome) throw notFound("Not Found");
  if (outcome.ok) return redirect(`/success?order=${outcome.orderId}`);
  // Paid after its reservation lapsed, the stock gone: refunded, and /success says so.
  if (outcome.refundedOrderId) return redirect(`/success?order=${outcome.refundedOrderId}`);
  return redirectWithError("/payment", outcome.message);
}
