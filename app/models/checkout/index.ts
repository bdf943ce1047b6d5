// The checkout domain's face (buying: the buyer, reserving stock and the order, the payment provider, paying
// by card, Stripe Checkout or an API client's cart, settling): other domains and the outer layers import only
// this file; inside the domain, modules import each other.

export { type Buyer, guestBuyer, guestFormDefaults, saveGuestShippingChoice, userBuyer } from "./buyer.server";
export {
  type ApiOrderInput,
  confirmApiOrder,
  quoteClientCart,
  quoteJson,
  startApiPayment,
} from "./client-cart-checkout.server";
export { payWithCard, startPayment } from "./intent-checkout.server";
export {
  isSandbox,
  publishableKey,
  refundAmountAt,
  refundsAt,
  resetStripeClient,
  stripe,
  stripeJsUrl,
  verifyWebhook,
} from "./payment-provider.server";
export { sweepClientCartIntents } from "./payment-sweeper.server";
export { insertOrder, releaseReservation, reserveOrder, takeStockAgain } from "./reservation.server";
export {
  abandonAtProvider,
  lateRefundOf,
  markOrderPaid,
  releaseLapsedReservations,
  releaseOrder,
  settlePaidSession,
  settleSucceededIntent,
} from "./settlement.server";
export { settleCheckoutReturn, settleElementsReturn, startCheckout } from "./stripe-checkout.server";
