import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { PAYMENT_STATUSES } from "~/lib/order-states";

// Tables kept in step by triggers (drizzle/0004, hand-written like the FTS index, so kept out of
// schema.ts, which drizzle-kit reads). Nothing in the app writes them.

/** Orders counted and summed per payment status and UTC day of payment ('' when unpaid). */
export const orderTotals = sqliteTable("order_totals", {
  paymentStatus: text("payment_status", { enum: PAYMENT_STATUSES }).notNull(),
  day: text("day").notNull(),
  orders: integer("orders").notNull(),
  cents: integer("cents").notNull(),
});
