import { and, count, eq, gte, sum } from "drizzle-orm";
import { stockFilter } from "./stock-filters.server";
import { db } from "~/db/client.server";
import { orderTotals } from "~/db/derived";
import { products, users } from "~/db/schema";
import { PAYMENT } from "~/lib/order-states";
import { revenueByCurrency } from "./admin-orders.server";
import { getShopSettings } from "./shop-settings.server";
import { isPlaced } from "./orders.server";
import { refundedByDay } from "./refunds.server";

/**
 * The dashboard's figures, each one SQL aggregate (never a scan in JavaScript); the order figures
 * come from the per-day totals kept by triggers, so they cost the same at a million orders.
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

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Revenue of the orders paid in the shop's currency per day (UTC), less what was refunded of them that
 * day, over the last `days` days, oldest first, days without sales at 0.
 */
export async function dailyRevenue(days = 30, now = new Date()): Promise<{ day: string; cents: number }[]> {
  const { currency } = await getShopSettings();
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - (days - 1) * DAY_MS);
  const rows = await db
    .select({ day: orderTotals.day, cents: orderTotals.cents })
    .from(orderTotals)
    .where(
      and(
        eq(orderTotals.paymentStatus, PAYMENT.succeeded),
        eq(orderTotals.currency, currency),
        gte(orderTotals.day, since.toISOString().slice(0, 10)),
      ),
    );
  const refunded = await refundedByDay(since, currency);
  const byDay = new Map(rows.map((r) => [r.day, Number(r.cents)]));
  return Array.from({ length: days }, (_, i) => {
    const key = new Date(since.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    return { day: key, cents: (byDay.get(key) ?? 0) - (refunded.get(key) ?? 0) };
  });
}
