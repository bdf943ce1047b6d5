import { and, asc, eq, exists, gt, isNotNull, isNull, lt, lte, notExists, or, sql } from "drizzle-orm";
import { config } from "~/config.server";
import { commitTogether } from "~/db/commit.server";
import { cartLines, carts, orders, products, productVariants, users } from "~/db/schema";
import { guestConsentOf } from "~/lib/shopper-mails";
import { lineName } from "~/lib/variants";
import { queueMail, sendQueued, type QueuedMail, isOptedOut, unsubscribeUrl } from "~/models/mail";
import { getShopSettings } from "~/models/settings";

// Abandoned carts: a shopper who asked for it (a signed-in shopper's "E-mail me a reminder of a cart
// I leave" on /me/update, or a guest who ticked "remind me" beside the e-mail given at checkout)
// gets ONE reminder of a cart left the hours the shop set (0: never). Never after buying: a cart
// emptied by its payment has no lines, and a cart whose account (or which itself) has an order paid
// after the cart last changed is left alone. Once per state of the cart: carts.reminded_at; a cart
// changed since (updated_at > reminded_at) may be reminded again once it has been left as long.
// A sweep every 5 minutes (server/startup.server.ts); the reminder is marked with a conditional
// UPDATE in the transaction that queues its mail, so two sweeps at once remind once.

/** How many carts one sweep looks at; the rest wait for the next. */
const SWEEP_BATCH = 100;
/**
 * Carts left longer than the delay and this are not reminded: switching reminders on does not
 * mail every cart left months ago.
 */
const NOT_AFTER_MS = 7 * 24 * 60 * 60_000;

// Marking a cart reminded is no change of the cart: its updated_at stays as it was.
const keepUpdatedAt = { updatedAt: sql`${carts.updatedAt}` };

/** Whether the shop reminds carts left (a delay set in Settings): only then is a shopper offered it. */
export async function cartRemindersOn(): Promise<boolean> {
  return (await getShopSettings()).cartReminderHours > 0;
}

/**
 * The sweep: reminds each cart with lines, left between the delay and a week more, not reminded
 * since it last changed, whose shopper asked for it (and did not unsubscribe) and bought nothing
 * since. A guest's cart without consent (or whose address unsubscribed) is marked looked at, so it
 * is not read again until it changes. Answers the mails queued; they are sent once committed.
 */
export async function queueCartReminders(now = new Date()): Promise<QueuedMail[]> {
  if (!(await cartRemindersOn())) return [];
  const hours = (await getShopSettings()).cartReminderHours;
  const cutoff = new Date(now.getTime() - hours * 60 * 60_000);
  const oldest = new Date(cutoff.getTime() - NOT_AFTER_MS);
  return commitTogether(async (tx) => {
    const hasLines = exists(
      tx
        .select({ one: sql`1` })
        .from(cartLines)
        .where(eq(cartLines.cartId, carts.id)),
    );
    const notBoughtSince = notExists(
      tx
        .select({ one: sql`1` })
        .from(orders)
        .where(
          and(
            or(eq(orders.cartId, carts.id), and(isNotNull(carts.userId), eq(orders.userId, carts.userId))),
            isNotNull(orders.paidAt),
            gt(orders.paidAt, carts.updatedAt),
          ),
        ),
    );
    const notRemindedSince = or(isNull(carts.remindedAt), lt(carts.remindedAt, carts.updatedAt));
    const left = and(lte(carts.updatedAt, cutoff), gt(carts.updatedAt, oldest), notRemindedSince);
    const candidates = await tx
      .select({
        id: carts.id,
        userId: carts.userId,
        guestCheckout: carts.guestCheckout,
        updatedAt: carts.updatedAt,
        userEmail: users.email,
        userName: users.name,
      })
      .from(carts)
      .leftJoin(users, eq(users.id, carts.userId))
      .where(
        and(
          left,
          hasLines,
          notBoughtSince,
          or(
            and(isNotNull(carts.userId), eq(users.cartReminders, true)),
            and(isNull(carts.userId), isNotNull(carts.guestCheckout)),
          ),
        ),
      )
      .orderBy(asc(carts.updatedAt))
      .limit(SWEEP_BATCH);

    const queued: QueuedMail[] = [];
    for (const cart of candidates) {
      // Whoever marks it reminds it: another sweep, or a shopper changing the cart meanwhile, wins otherwise.
      const marked = await tx
        .update(carts)
        .set({ remindedAt: now, ...keepUpdatedAt })
        .where(and(eq(carts.id, cart.id), left))
        .returning({ id: carts.id });
      if (!marked.length) continue;
      const to = cart.userId ? cart.userEmail : guestConsentOf(cart.guestCheckout)?.email;
      if (!to || (await isOptedOut(to, "cartReminder", tx))) continue;
      const lines = await tx
        .select({ name: products.name, variantTitle: productVariants.title, quantity: cartLines.quantity })
        .from(cartLines)
        .innerJoin(products, eq(products.id, cartLines.productId))
        .leftJoin(productVariants, eq(productVariants.id, cartLines.variantId))
        .where(eq(cartLines.cartId, cart.id))
        .orderBy(asc(cartLines.createdAt), asc(products.name));
      if (!lines.length) continue;
      const mail = await queueMail(tx, {
        key: `cartReminder:${cart.id}:${cart.updatedAt.getTime()}`,
        job: {
          kind: "cartReminder",
          to,
          news: {
            name: cart.userName ?? "",
            lines: lines.map((l) => ({ name: lineName(l.name, l.variantTitle), quantity: l.quantity })),
            cartUrl: `${config.publicUrl}/cart`,
            unsubscribeUrl: unsubscribeUrl(to, "cartReminder"),
          },
        },
      });
      if (mail) queued.push(mail);
    }
    return queued;
  });
}

/** The scheduled job: queue the reminders of carts left, and send them. */
export async function sendCartReminders(now = new Date()): Promise<void> {
  for (const mail of await queueCartReminders(now)) await sendQueued(mail);
}
