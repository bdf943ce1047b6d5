import { count, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { orders, products, users } from "~/db/schema";
import { totalPaidCents } from "./admin-orders.server";
import { isPlaced } from "./orders.server";

/** The dashboard's figures, each one SQL aggregate (never a scan in JavaScript). */
export function dashboardTotals() {
  return {
    totalAmountCents: totalPaidCents(),
    products: db.select({ n: count() }).from(products).get()?.n ?? 0,
    orders: db.select({ n: count() }).from(orders).where(isPlaced()).get()?.n ?? 0,
    users: db.select({ n: count() }).from(users).get()?.n ?? 0,
    outOfStock: db.select({ n: count() }).from(products).where(eq(products.stock, 0)).get()?.n ?? 0,
  };
}
