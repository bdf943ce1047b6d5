// The after-sales domain's face (what follows a sale: the owner's order handling, refunds, returns, the
// payment provider's events): other domains and the outer layers import only this file; inside the domain,
// modules import each other.

export {
  deleteOrder,
  type OrderChange,
  orderDeleteProblem,
  revenueByCurrency,
  statusHistory,
  totalPaidCents,
  updateOrdersStatus,
  updateOrderStatus,
} from "./admin-orders.server";
export { handlePaymentEvent } from "./payment-events.server";
export {
  cancelOrder,
  type CancelOutcome,
  newRequestKey,
  refundedByDay,
  refundOrder,
  refundPlan,
  refundsOf,
} from "./refunds.server";
export {
  advanceReturn,
  countReturnsWaiting,
  listReturns,
  type OrderViewer,
  requestReturn,
  returnPlan,
  returnsOf,
} from "./returns.server";
