import { pgSequence } from "drizzle-orm/pg-core";
// Relative paths: drizzle-kit reads this file (drizzle.pg.config.ts) without the app's "~" alias.
import { pgTableOf } from "./schema-builders";
import * as tables from "./schema.shared";

// PostgreSQL's tables: the twins of the one description's, ./schema.shared.ts, and its sequence.

/** Order numbers, 1001 on: the dialect inserts nextval('order_number_seq') into orders.order_number. */
export const orderNumberSeq = pgSequence("order_number_seq", { startWith: 1001 });

export const users = pgTableOf(tables.users);
export const products = pgTableOf(tables.products);
export const productImages = pgTableOf(tables.productImages);
export const productOptions = pgTableOf(tables.productOptions);
export const productVariants = pgTableOf(tables.productVariants);
export const reviews = pgTableOf(tables.reviews);
export const carts = pgTableOf(tables.carts);
export const cartLines = pgTableOf(tables.cartLines);
export const orders = pgTableOf(tables.orders);
export const orderLines = pgTableOf(tables.orderLines);
export const passwordResetTokens = pgTableOf(tables.passwordResetTokens);
export const emailProofs = pgTableOf(tables.emailProofs);
export const sessions = pgTableOf(tables.sessions);
export const orderStatusEvents = pgTableOf(tables.orderStatusEvents);
export const pendingRegistrations = pgTableOf(tables.pendingRegistrations);
export const rateLimits = pgTableOf(tables.rateLimits);
export const paymentRefusals = pgTableOf(tables.paymentRefusals);
export const mailOutbox = pgTableOf(tables.mailOutbox);
export const scheduledRuns = pgTableOf(tables.scheduledRuns);
export const shopSettings = pgTableOf(tables.shopSettings);
export const pages = pgTableOf(tables.pages);
export const categories = pgTableOf(tables.categories);
export const shippingZones = pgTableOf(tables.shippingZones);
export const shippingZoneCountries = pgTableOf(tables.shippingZoneCountries);
export const shippingMethods = pgTableOf(tables.shippingMethods);
export const taxRates = pgTableOf(tables.taxRates);
export const discounts = pgTableOf(tables.discounts);
export const orderDiscounts = pgTableOf(tables.orderDiscounts);
export const refunds = pgTableOf(tables.refunds);
export const refundLines = pgTableOf(tables.refundLines);
export const clientCartIntents = pgTableOf(tables.clientCartIntents);
export const returns = pgTableOf(tables.returns);
export const returnLines = pgTableOf(tables.returnLines);
export const stockAlerts = pgTableOf(tables.stockAlerts);
export const mailOptOuts = pgTableOf(tables.mailOptOuts);
