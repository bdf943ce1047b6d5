// Words of the spec shown by the server and by the Stripe Elements form alike.
export const PAYMENT_PROBLEM = "There is some issue while payment processing";

/**
 * A payment that came after its order's reservation had lapsed and its stock was sold: refunded
 * (or, while the provider has not confirmed the refund yet, being refunded).
 */
export function latePaymentRefunded(amount: string, refunded: boolean): string {
  const refund = refunded
    ? "we refunded it in full: it is back on your card within a few days"
    : "we are refunding it in full: it will be back on your card within a few days";
  return `Your payment of ${amount} came after the items' reservation ran out, so ${refund}. Nothing was ordered.`;
}
