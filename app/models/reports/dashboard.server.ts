import { and, count, eq, gte, lt, sql, sum } from "drizzle-orm";
import { stockFilter } from "~/models/catalogue";
import { db } from "~/db/client.server";
import { orderTotals } from "~/db/derived";
import { orders, products, users } from "~/db/schema";
import { DEFAULT_DATE_FORMAT, addDays, dayIn, startOfDay } from "~/lib/dates";
import { PAYMENT } from "~/lib/order-states";
import { revenueByCurrency, refundedByDay } from "~/models/after-sales";
import { getShopSettings } from "~/models/settings";
import { isPlaced } from "~/models/orders";

/**
 * The dashboard's figures, each one SQL aggregate (never a scan in JavaScript); the order figures
 * come from the per-day totals kept by triggers, so they cost the same at a million orders (the
 * chart's, below, cost what its 30 days of orders do).
 */
export async function dashboardTotals() {
  const { currency, locale } = await getShopSettings();
  const [revenue, [productCount], [placed], [userCount], [outOfStock]] = await Promise.all([
    revenueByCurrency(currency),
    db.select({ n: count() }).from(products),
    // Placed = paid, refunded included: the same isPlaced() as the order lists.
    db
      .select({ n: sum(orderTotals.orders) })
      .from(orderTotals)
      .where(isPlaced(orderTotals.paymentStatus)),
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(products).where(stockFilter("out")),
  ]);
  return {
    /** Net of refunds, per currency paid in, the shop's first. */
    revenue,
    /** How the shop writes money: the other currencies are written in its locale too. */
    locale,
    products: productCount?.n ?? 0,
    orders: Number(placed?.n ?? 0),
    users: userCount?.n ?? 0,
    outOfStock: outOfStock?.n ?? 0,
  };
}

/**
 * Revenue of the orders paid in `currency` (the shop's: the chart is in it) per day of the shop's time
 * zone, less what was refunded of them that day, over the last `days` days, oldest first, days
 * without sales at 0. One SQL aggregate over those days' orders (the trigger-kept totals count UTC
 * days, which are not the shop's days elsewhere).
 */
export async function dailyRevenue(
  days = 30,
  now = new Date(),
  timeZone = DEFAULT_DATE_FORMAT.timeZone,
  currency = "USD",
): Promise<{ day: string; cents: number }[]> {
  const first = addDays(dayIn(now, timeZone), -(days - 1));
  const keys = Array.from({ length: days }, (_, i) => addDays(first, i));
  const starts = [...keys, addDays(first, days)].map((day) => startOfDay(day, timeZone));
  // Which of the days an order was paid on, by the instants the days begin; numbered 0 to days - 1.
  const dayIndex = sql<number>`case ${sql.join(
    starts.slice(1).map((end, i) => sql`when ${lt(orders.paidAt, end)} then ${sql.raw(String(i))}`),
    sql` `,
  )} end`.mapWith(Number);
  const [rows, refunded] = await Promise.all([
    db
      .select({ dayIndex, cents: sum(orders.totalPriceCents).mapWith(Number) })
      .from(orders)
      .where(
        and(
          eq(orders.paymentStatus, PAYMENT.succeeded),
          eq(orders.currency, currency),
          gte(orders.paidAt, starts[0]!),
          lt(orders.paidAt, starts[days]!),
        ),
      )
      .groupBy(sql`1`),
    refundedByDay(starts[0]!, timeZone, currency),
  ]);
  const byDay = new Map(rows.map((r) => [keys[r.dayIndex], r.cents]));
  return keys.map((day) => ({ day, cents: (byDay.get(day) ?? 0) - (refunded.get(day) ?? 0) }));
}
