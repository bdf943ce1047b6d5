import { getOrder, getOrderFor, type OrderWithLines, isOrderLinkKey } from "~/models/orders";
import { isPlaced } from "~/lib/order-states";
import type { User } from "~/models/accounts";
import { getOptionalUser, requireUser } from "~/web/auth.server";
import { notFound } from "~/web/errors.server";

/**
 * An order as this request may see it: by its link's key (`?key=`, a guest's order, once placed),
 * or as its signed-in owner or an admin. Anyone else, and a wrong key, get 404 as for a missing
 * order; without a key, a visitor is asked to log in.
 */
export async function orderForRequest(
  request: Request,
  id: string,
): Promise<{ order: OrderWithLines; user: User | null; key: string | null }> {
  const key = new URL(request.url).searchParams.get("key");
  if (key !== null) {
    const order = isOrderLinkKey(id, key) ? await getOrder(id) : null;
    if (order && isPlaced(order.paymentStatus)) return { order, user: await getOptionalUser(request), key };
    const user = await getOptionalUser(request);
    const own = user ? await getOrderFor(id, user) : null;
    if (!own) throw notFound("Order not found");
    return { order: own, user, key: null };
  }
  const user = await requireUser(request);
  // Someone else's order answers exactly as a missing one.
  const order = await getOrderFor(id, user);
  if (!order) throw notFound("Order not found");
  return { order, user, key: null };
}

/**
 * An order as its shopper's pages send it to the browser: without the payment provider's ids (the
 * owner looks a payment up with them, on the admin's page) nor the shop's own bookkeeping.
 */
export function shopperOrder({
  paymentIntentId: _intent,
  checkoutSessionId: _session,
  cartId: _cart,
  mailbox: _mailbox,
  ...order
}: OrderWithLines) {
  return order;
}
