import { and, asc, gte, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { commitTogether } from "~/db/commit.server";
import { products } from "~/db/schema";
import { queueMail, sendQueued, type QueuedMail } from "~/models/mail";
import { getShopSettings, ownerMailRecipients } from "~/models/settings";

// Low stock: the owner gets one mail when products fall under the threshold set in Settings (0:
// never), listing them. One mail per crossing: products.low_stock_mailed_at marks a product the
// owner was told about, and is cleared once its stock is back at or above the threshold, so the
// next fall is told again. A sweep (every minute, server/startup.server.ts) rather than a hook on
// every write of stock: stock changes in many places. Safe when two sweeps run at once: the mark is
// a conditional UPDATE (… WHERE low_stock_mailed_at IS NULL) that answers only the rows it changed,
// and the mail is queued in its transaction.

/** How many products one mail lists at most; the others are told in the next sweep's mail. */
const LISTED = 100;

// The mark is no change of the catalogue's content: the product's updated_at stays as it was.
const keepUpdatedAt = { updatedAt: sql`${products.updatedAt}` };

/**
 * The sweep: clears the marks of products back at or above the threshold, then marks those under
 * it not yet told and queues one mail per recipient listing them. Answers the mails queued.
 */
export async function queueLowStockMails(now = new Date()): Promise<QueuedMail[]> {
  const settings = await getShopSettings();
  const threshold = settings.lowStockThreshold;
  return commitTogether(async (tx) => {
    // Back at or above it (or no threshold any more): told again at the next fall.
    await tx
      .update(products)
      .set({ lowStockMailedAt: null, ...keepUpdatedAt })
      .where(and(isNotNull(products.lowStockMailedAt), gte(products.stock, threshold)));
    if (threshold === 0) return [];
    const recipients = await ownerMailRecipients(tx, settings);
    // Nobody to tell: nothing is marked, so that they hear of it once someone is.
    if (!recipients.length) return [];
    const candidates = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(isNull(products.lowStockMailedAt), lt(products.stock, threshold)))
      .orderBy(asc(products.stock), asc(products.name))
      .limit(LISTED);
    if (!candidates.length) return [];
    const marked = await tx
      .update(products)
      .set({ lowStockMailedAt: now, ...keepUpdatedAt })
      .where(
        and(
          isNull(products.lowStockMailedAt),
          lt(products.stock, threshold),
          sql`${products.id} IN (${sql.join(
            candidates.map((c) => sql`${c.id}`),
            sql`, `,
          )})`,
        ),
      )
      .returning({ id: products.id, name: products.name, stock: products.stock });
    if (!marked.length) return [];
    marked.sort((a, b) => a.stock - b.stock || a.name.localeCompare(b.name));
    const queued: QueuedMail[] = [];
    for (const to of recipients) {
      const mail = await queueMail(tx, {
        key: `lowStock:${now.getTime()}:${marked[0].id}:${to}`,
        job: { kind: "lowStock", to, news: { threshold, products: marked } },
      });
      if (mail) queued.push(mail);
    }
    return queued;
  });
}

/** The scheduled job: queue the low-stock mail (if any product fell under the threshold), and send it. */
export async function sendLowStockMails(now = new Date()): Promise<void> {
  for (const mail of await queueLowStockMails(now)) await sendQueued(mail);
}
