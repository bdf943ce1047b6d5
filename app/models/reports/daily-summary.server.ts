import { and, asc, count, desc, eq, gte, inArray, lt, sql, sum } from "drizzle-orm";
import { stockFilter } from "~/models/catalogue";
import { db } from "~/db/client.server";
import { commitTogether } from "~/db/commit.server";
import { orderLines, orders, products } from "~/db/schema";
import type { DaySummary } from "~/emails/DailySummary";
import { DEFAULT_DATE_FORMAT, addDays, dayIn, startOfDay } from "~/lib/dates";
import { PAYMENT } from "~/lib/order-states";
import { queueMail, sendQueued, type QueuedMail } from "~/models/mail";
import { getShopSettings, ownerMailRecipients } from "~/models/settings";

// The owner's daily summary: the orders paid on one day of the shop's time zone, what sold most,
// and what is running out; mailed once per day and recipient through the outbox, when the owner
// switched it on.

/** How many of the day's orders and products the mail lists (the counts and sums cover all). */
const LISTED_ORDERS = 20;
const LISTED_PRODUCTS = 5;

/**
 * What happened on `day` (YYYY-MM-DD) in `timeZone`, from its midnight to the next (23 or 25 hours
 * where the clocks change): the orders paid that day, refunded ones left out.
 */
export async function daySummary(day: string, timeZone = DEFAULT_DATE_FORMAT.timeZone): Promise<DaySummary> {
  const start = startOfDay(day, timeZone);
  const end = startOfDay(addDays(day, 1), timeZone);
  const paidThatDay = and(
    eq(orders.paymentStatus, PAYMENT.succeeded),
    gte(orders.paidAt, start),
    lt(orders.paidAt, end),
  );
  const quantity = sum(orderLines.quantity).mapWith(Number);
  const [[totals], listed, topProducts, [stock]] = await Promise.all([
    db
      .select({ n: count(), cents: sum(orders.totalPriceCents).mapWith(Number) })
      .from(orders)
      .where(paidThatDay),
    db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        buyerName: orders.userName,
        totalPriceCents: orders.totalPriceCents,
      })
      .from(orders)
      .where(paidThatDay)
      .orderBy(asc(orders.paidAt), asc(orders.orderNumber))
      .limit(LISTED_ORDERS),
    db
      .select({ name: orderLines.name, quantity })
      .from(orderLines)
      .where(inArray(orderLines.orderId, db.select({ id: orders.id }).from(orders).where(paidThatDay)))
      .groupBy(orderLines.name)
      .orderBy(desc(quantity), asc(orderLines.name))
      .limit(LISTED_PRODUCTS),
    db
      .select({
        low: sql<number>`SUM(CASE WHEN ${stockFilter("low")} THEN 1 ELSE 0 END)`.mapWith(Number),
        out: sql<number>`SUM(CASE WHEN ${stockFilter("out")} THEN 1 ELSE 0 END)`.mapWith(Number),
      })
      .from(products),
  ]);
  return {
    day,
    orderCount: totals?.n ?? 0,
    revenueCents: totals?.cents ?? 0,
    orders: listed,
    topProducts,
    lowStock: stock?.low ?? 0,
    outOfStock: stock?.out ?? 0,
  };
}

/**
 * Queues the summary of the day before `now` (in the shop's time zone) to each of the owner's recipients, when the
 * owner switched it on: once per day and recipient, however many nodes ask (the outbox's key).
 * Answers the mails this call queued; send them with sendQueued.
 */
export async function queueDailySummary(now = new Date()): Promise<QueuedMail[]> {
  const { dailySummary, timeZone } = await getShopSettings();
  if (!dailySummary) return [];
  const day = addDays(dayIn(now, timeZone), -1);
  const recipients = await ownerMailRecipients();
  if (!recipients.length) return [];
  const summary = await daySummary(day, timeZone);
  return commitTogether(async (tx) => {
    const queued: QueuedMail[] = [];
    for (const to of recipients) {
      const mail = await queueMail(tx, {
        key: `dailySummary:${day}:${to}`,
        job: { kind: "dailySummary", to, summary },
      });
      if (mail) queued.push(mail);
    }
    return queued;
  });
}

/** The scheduled job: queue the day before's summary (if not yet) and send it. */
export async function sendDailySummary(now = new Date()): Promise<void> {
  for (const mail of await queueDailySummary(now)) await sendQueued(mail);
}
