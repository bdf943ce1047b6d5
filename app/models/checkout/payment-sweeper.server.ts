import { and, eq, isNull, lt } from "drizzle-orm";
import { db } from "~/db/client.server";
import { commitTogether } from "~/db/commit.server";
import { lockName } from "~/db/dialect";
import { logServerError } from "~/models/platform";
import { clientCartIntents, orders, paymentRefusals } from "~/db/schema";
import { STRIPE_INTENT_SUCCEEDED } from "~/lib/order-states";
import { cancelIntentAt, refundAt, retrieveIntent } from "./payment-provider.server";

// The payment sweeper: a client-cart payment (POST /api/v1/payment/process without a cart on the
// server) becomes an order only when the client calls order/new with its cart. A client that paid
// and then never called (a closed app, a lost connection) would leave the buyer charged for no
// order. The shop does not know that cart, so it cannot make the order itself: after GRACE_MS the
// payment is refused (the same payment_refusals row order/new writes, under the same lock on the
// intent, so that an order and a refund never both happen) and refunded once (the provider's
// idempotency key is the intent's). A payment never made is cancelled at the provider after a day.

/** How long a client has to call order/new after paying. */
export const GRACE_MS = 10 * 60 * 1000;
/** How long an unpaid client-cart payment may stay open. */
export const ABANDON_MS = 24 * 60 * 60 * 1000;
export const NO_ORDER_MADE = "No order was made for this payment within 10 minutes: it was refunded.";

/** Watches a client-cart payment just made (the sweeper's list): a user's, or a guest's (userId null). */
export async function watchClientCartIntent(intentId: string, userId: string | null, amountCents: number) {
  await commitTogether(async (tx) => {
    await tx.insert(clientCartIntents).values({ intentId, userId, amountCents }).onConflictDoNothing();
  });
}

type Outcome = "order" | "refunded" | "abandoned";

async function resolve(intentId: string, outcome: Outcome, now: Date) {
  await commitTogether(async (tx) => {
    await tx
      .update(clientCartIntents)
      .set({ outcome, resolvedAt: now })
      .where(and(eq(clientCartIntents.intentId, intentId), isNull(clientCartIntents.resolvedAt)));
  });
}

/**
 * One pass (every minute, on one node): each watched payment older than GRACE_MS with no outcome
 * yet gets one: its order, a refund, or (unpaid for a day) abandoned. Answers how many were refunded.
 */
export async function sweepClientCartIntents(now = new Date()): Promise<number> {
  const open = await db
    .select()
    .from(clientCartIntents)
    .where(
      and(isNull(clientCartIntents.resolvedAt), lt(clientCartIntents.createdAt, new Date(now.getTime() - GRACE_MS))),
    )
    .limit(100);
  let refunded = 0;
  for (const watched of open) {
    try {
      const outcome = await sweepOne(watched.intentId, watched.createdAt, now);
      if (outcome === "refunded") refunded++;
      if (outcome) await resolve(watched.intentId, outcome, now);
    } catch (error) {
      logServerError(error, `The payment sweeper could not settle ${watched.intentId}:`);
    }
  }
  return refunded;
}

async function sweepOne(intentId: string, createdAt: Date, now: Date): Promise<Outcome | null> {
  // Most have their order: no need to ask the provider.
  const [made] = await db.select({ id: orders.id }).from(orders).where(eq(orders.paymentIntentId, intentId)).limit(1);
  if (made) return "order";
  const intent = await retrieveIntent(intentId);
  if (!intent) return null;
  if (intent.status !== STRIPE_INTENT_SUCCEEDED) {
    if (now.getTime() - createdAt.getTime() < ABANDON_MS) return null;
    // Paid at the last moment: the next pass refunds it.
    return (await cancelIntentAt(intentId)) ? null : "abandoned";
  }
  const decided = await commitTogether(async (tx) => {
    // The lock order/new takes: an order made meanwhile is seen here, and a refusal written here is seen there.
    await lockName(tx, `payment intent ${intentId}`);
    const [order] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.paymentIntentId, intentId))
      .limit(1);
    if (order) return "order" as const;
    const [refused] = await tx
      .select({ id: paymentRefusals.paymentIntentId })
      .from(paymentRefusals)
      .where(eq(paymentRefusals.paymentIntentId, intentId))
      .limit(1);
    if (!refused)
      await tx.insert(paymentRefusals).values({ paymentIntentId: intentId, message: NO_ORDER_MADE, status: 409 });
    return "refund" as const;
  });
  if (decided === "order") return "order";
  // Refused (here or by order/new): the refund, once, whoever asks for it.
  await refundAt(intentId).catch((error: unknown) => {
    if ((error as { code?: string }).code !== "charge_already_refunded") throw error;
  });
  return "refunded";
}
