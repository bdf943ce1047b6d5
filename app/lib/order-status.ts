/** The fulfilment statuses an admin can set, in order. */
export const ORDER_STATUSES = ["Processing", "Shipped", "Delivered"] as const;
export type OrderStatusValue = (typeof ORDER_STATUSES)[number];
