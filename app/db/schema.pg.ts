import { pgSequence } from "drizzle-orm/pg-core";
// Relative paths: drizzle-kit reads this file (drizzle.pg.config.ts) without the app's "~" alias.
import { tablesOf } from "./schema-builders";
import * as tables from "./schema.shared";

// PostgreSQL's tables: its half of the one description in ./schema.shared.ts, and its sequence.

/** Order numbers, 1001 on: the dialect inserts nextval('order_number_seq') into orders.order_number. */
export const orderNumberSeq = pgSequence("order_number_seq", { startWith: 1001 });

export const {
  users,
  products,
  productImages,
  productOptions,
  productVariants,
  reviews,
  carts,
  cartLines,
  orders,
  orderLines,
  passwordResetTokens,
  emailProofs,
  sessions,
  orderStatusEvents,
  pendingRegistrations,
  rateLimits,
  paymentRefusals,
  mailOutbox,
  scheduledRuns,
  shopSettings,
  pages,
  categories,
  shippingZones,
  shippingZoneCountries,
  shippingMethods,
  taxRates,
  discounts,
  orderDiscounts,
  refunds,
  refundLines,
  clientCartIntents,
  returns,
  returnLines,
  stockAlerts,
  mailOptOuts,
} = tablesOf(tables, "pg");
