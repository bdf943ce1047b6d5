import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { PAYMENT_STATUSES } from "~/lib/order-states";

// Tables kept in step by triggers (drizzle/sqlite/0004, drizzle/sqlite/0009: hand-written like the FTS index, so
// kept out of schema.ts, which drizzle-kit reads and would add a CREATE TABLE for). Nothing in the
// app writes them.

/** Orders counted and summed per payment status, currency and UTC day of payment ('' when unpaid). */
export const orderTotals = sqliteTable("order_totals", {
  paymentStatus: text("payment_status", { enum: PAYMENT_STATUSES }).notNull(),
  currency: text("currency").notNull(),
  day: text("day").notNull(),
  orders: integer("orders").notNull(),
  cents: integer("cents").notNull(),
});

/**
 * The catalogue's version (one row, id 1): bumped by the triggers of every table listed in
 * app/db/catalogue-tables.ts, in the same transaction as the change.
 */
export const catalogueVersionRow = sqliteTable("catalogue_version", {
  id: integer("id").primaryKey(),
  version: integer("version").notNull(),
});

/**
 * Which product each move of the catalogue's version touched: a product id, or null when the
 * change may touch any page. The last 10,000 versions are kept.
 */
export const catalogueChanges = sqliteTable("catalogue_changes", {
  id: integer("id").primaryKey(),
  version: integer("version").notNull(),
  productId: text("product_id"),
});
