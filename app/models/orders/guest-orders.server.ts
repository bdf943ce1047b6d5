import { and, eq, isNull } from "drizzle-orm";
import { db } from "~/db/client.server";
import { commitTogether } from "~/db/commit.server";
import { rowsAffected } from "~/db/dialect";
import { orders } from "~/db/schema";
import { LOOKUP_NOT_FOUND } from "~/lib/order-lookup-schema";
import { PublicError } from "~/lib/public-error";
import { limitOrderLookup } from "~/models/platform";
import { orderLinks } from "./order-links.server";
import { isPlaced } from "./orders.server";

// A guest's orders: found again by number and e-mail, and joined to an account once its owner
// proves the e-mail is theirs.

/**
 * The links of the guest order with this number bought with this e-mail. Counted against the
 * client's address and the e-mail (RateLimitError past the limit), and refused with one message
 * whatever did not match, so that a lookup never tells whether an e-mail or an order exists.
 */
export async function lookUpGuestOrder(
  { orderNumber, email }: { orderNumber: number; email: string },
  ip: string,
): Promise<{ id: string; page: string; receipt: string }> {
  await limitOrderLookup(ip, email);
  const [order] = await db
    .select({ id: orders.id, userId: orders.userId, guestEmail: orders.guestEmail })
    .from(orders)
    .where(and(eq(orders.orderNumber, orderNumber), eq(orders.guestEmail, email), isPlaced()));
  if (!order) throw new PublicError(LOOKUP_NOT_FOUND, 404);
  // Always the key link: the order may have joined an account since, but the guest's link stays theirs.
  return { id: order.id, ...orderLinks({ id: order.id, userId: null }) };
}

/**
 * Gives the guest orders bought with `email` to the account of that e-mail: called once the
 * account's owner has proven the address is theirs (a registration's confirmation link, a
 * password reset's link, Google's verified address). Says how many joined.
 */
export async function adoptGuestOrders(userId: string, email: string): Promise<number> {
  const address = email.trim().toLowerCase();
  // Most proofs find none: a read, no write transaction for them.
  const [any] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(isNull(orders.userId), eq(orders.guestEmail, address)))
    .limit(1);
  if (!any) return 0;
  return commitTogether(async (tx) => {
    const adopted = await tx
      .update(orders)
      .set({ userId })
      .where(and(isNull(orders.userId), eq(orders.guestEmail, address)));
    return rowsAffected(adopted);
  });
}
