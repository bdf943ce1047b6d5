// The orders domain's face (placed orders: reading and listing them, their links, guests' orders, invoices,
// their mails): other domains and the outer layers import only this file; inside the domain, modules import
// each other.

export { adoptGuestOrders, lookUpGuestOrder } from "./guest-orders.server";
export { invoiceSeller, lockInvoiceNumbers, nextInvoiceNumber, numberInvoice } from "./invoices.server";
export { isOrderLinkKey, orderLinkKey, orderLinks } from "./order-links.server";
export { queueOrderMail, queuePaidOrderMails, sendAllQueued } from "./order-mails.server";
export {
  buyerOwns,
  customerColumns,
  getOrder,
  getOrderByCheckoutSession,
  getOrderByIntent,
  getOrderFor,
  getPlacedOrderOf,
  isPlaced,
  itemNamesOf,
  listOrders,
  listOrdersWithDetails,
  listOrdersWithLines,
  type Order,
  orderJson,
  type OrderListQuery,
  orderOrCustomerMatches,
  type OrderWithLines,
} from "./orders.server";
