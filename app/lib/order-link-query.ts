/** The query that opens a guest's order by its link ("?key=…"); "" for an account's order. */
export const keyQuery = (order: { buyer?: { orderKey?: string } | null }) =>
  order.buyer?.orderKey ? `?key=${order.buyer.orderKey}` : "";
