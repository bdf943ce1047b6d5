import { config } from "~/config.server";
import * as pg from "./schema.pg";
import * as sqlite from "./schema.sqlite";

// The tables models query, from the engine DATABASE_URL names. Typed as SQLite's: the PostgreSQL
// tables have the same names, columns and JavaScript types (both are built from ./schema.shared.ts,
// and app/db/schema-parity.pg.test.ts holds them to it), and the models' queries are drizzle
// builder calls that both engines' drivers run.
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
} = (config.databaseEngine === "pg" ? pg : sqlite) as unknown as typeof sqlite;
