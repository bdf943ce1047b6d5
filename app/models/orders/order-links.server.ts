import { sign, verify } from "~/models/platform";

// A guest's order has no account to sign in to: its link carries a key, the order's id signed
// (signed-token.server.ts), so that every node can check it without storing it.

const PURPOSE = "order-link";
const KEY_LENGTH = 32;

/** The key of an order's link. */
export const orderLinkKey = (orderId: string): string => sign(PURPOSE, orderId, KEY_LENGTH);

/** Whether `key` is the key of this order's link (compared in constant time). */
export const isOrderLinkKey = (orderId: string, key: string | null | undefined): boolean =>
  verify(PURPOSE, orderId, key, KEY_LENGTH);

/** The order's page, and its receipt: with the key for a guest's order, plain for an account's. */
export function orderLinks(order: { id: string; userId: string | null }): { page: string; receipt: string } {
  const query = order.userId ? "" : `?key=${orderLinkKey(order.id)}`;
  return { page: `/order/${order.id}${query}`, receipt: `/order/${order.id}/receipt${query}` };
}
