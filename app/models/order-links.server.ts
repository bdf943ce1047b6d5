import crypto from "node:crypto";
import { sessionSecret } from "~/config.server";

// A guest's order has no account to sign in to: its link carries a key, an HMAC of the order's id
// with the shop's secret, so that every node can check it without storing it, and nobody can make
// one for another order.

const PURPOSE = "order-link:";

/** The key of an order's link. */
export function orderLinkKey(orderId: string): string {
  return crypto
    .createHmac("sha256", sessionSecret())
    .update(PURPOSE + orderId)
    .digest("base64url")
    .slice(0, 32);
}

/** Whether `key` is the key of this order's link (compared in constant time). */
export function isOrderLinkKey(orderId: string, key: string | null | undefined): boolean {
  if (!key) return false;
  const expected = Buffer.from(orderLinkKey(orderId));
  const given = Buffer.from(key);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/** The order's page, and its receipt: with the key for a guest's order, plain for an account's. */
export function orderLinks(order: { id: string; userId: string | null }): { page: string; receipt: string } {
  const query = order.userId ? "" : `?key=${orderLinkKey(order.id)}`;
  return { page: `/order/${order.id}${query}`, receipt: `/order/${order.id}/receipt${query}` };
}
