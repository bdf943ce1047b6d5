import { count, eq, isNotNull, sum } from "drizzle-orm";
import { db } from "~/db/client.server";
import { orders, products, users } from "~/db/schema";

/** The dashboard's figures, each one SQL aggregate (never a scan in JavaScript). */
export function dashboardTotals() {
  const paid = db.select({ cents: sum(orders.totalPriceCents) }).from(orders).where(isNotNull(orders.paidAt)).get();
  return {
    totalAmountCents: Number(paid?.cents ?? 0),
    products: db.select({ n: count() }).from(products).get()?.n ?? 0,
    orders: db.select({ n: count() }).from(orders).get()?.n ?? 0,
    users: db.select({ n: count() }).from(users).get()?.n ?? 0,
    outOfStock: db.select({ n: count() }).from(products).where(eq(products.stock, 0)).get()?.n ?? 0,
  };
}
