import { bigint, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { PAYMENT_STATUSES } from "~/lib/order-states";

// PostgreSQL's tables kept in step by triggers (drizzle/pg/0001 and 0002, hand-written like the
// search column, so kept out of schema.pg.ts, which drizzle-kit reads): the same names and row types
// as derived.ts. Nothing in the app writes them. Counts and versions are bigint, read as numbers
// (SQLite's integers are 64-bit too).

/** Orders counted and summed per payment status and UTC day of payment ('' when unpaid). */
export const orderTotals = pgTable(
  "order_totals",
  {
    paymentStatus: text("payment_status", { enum: PAYMENT_STATUSES }).notNull(),
    currency: text("currency").notNull(),
    day: text("day").notNull(),
    orders: bigint("orders", { mode: "number" }).notNull(),
    cents: bigint("cents", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.paymentStatus, t.currency, t.day] })],
);

/**
 * The catalogue's version (one row, id 1): bumped once per transaction that changes a row of a
 * table listed in app/db/catalogue-tables.ts, at its commit (a deferred trigger), which also
 * notifies the channel `catalogue_version` with the new version.
 */
export const catalogueVersionRow = pgTable("catalogue_version", {
  id: integer("id").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull(),
});

/**
 * Which product each move of the catalogue's version touched: a product id, or null when the
 * change may touch any page. Every row a transaction notes carries the version its commit set.
 * The last 10,000 versions are kept.
 */
export const catalogueChanges = pgTable("catalogue_changes", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
  version: bigint("version", { mode: "number" }).notNull(),
  productId: text("product_id"),
});
