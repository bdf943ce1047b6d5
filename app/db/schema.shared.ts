import {
  bigint,
  boolean,
  index,
  instant,
  integer,
  json,
  primaryKey,
  real,
  serial,
  table,
  text,
  unique,
  uniqueIndex,
  varchar,
} from "./schema-builders";
// Relative paths: drizzle-kit reads this file without the app's "~" alias.
import { newId } from "./ids";
import { FULFILMENT, ORDER_STATUSES, PAYMENT, PAYMENT_STATUSES } from "../lib/order-states";
import type { PublicError } from "../lib/public-error";
import { ROLES } from "../lib/roles";
import { RATE_KINDS, type RateBand } from "../lib/pricing";
import { DISCOUNT_KINDS } from "../lib/discounts";
import { REFUND_SOURCES, REFUND_STATUSES } from "../lib/refunds";
import { RETURN_STATUSES } from "../lib/returns";

// The shop's tables, described once (./schema-builders.ts builds each for both engines): each export
// is SQLite's table (app/db/schema.sqlite.ts) holding PostgreSQL's (app/db/schema.pg.ts), with the
// same table, column and index names and the same JavaScript row types (app/db/schema-parity.pg.test.ts
// holds them to it).
// Money is stored in integer cents everywhere; timestamps as epoch milliseconds on SQLite and as
// timestamptz to the millisecond on PostgreSQL (`instant`), both a Date in JavaScript.
// Not declared here, so that select() never fetches it and the row types stay the same: PostgreSQL's
// generated `products.search` tsvector of the search (drizzle/pg's search migration, app/db/fts.pg.ts).
const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => newId());
const createdAt = () =>
  instant("created_at")
    .notNull()
    .$defaultFn(() => new Date());
const updatedAt = () =>
  instant("updated_at")
    .notNull()
    .$defaultFn(() => new Date())
    .$onUpdateFn(() => new Date());

export const users = table(
  "users",
  {
    id: id(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash"),
    avatarUrl: text("avatar_url"),
    role: text("role", { enum: ROLES }).notNull().default("user"),
    googleSignIn: boolean("google_sign_in").notNull().default(false),
    // Google's stable account id ("sub") once the account has signed in with Google.
    googleId: text("google_id"),
    // The last shipping info used, offered again at the next checkout.
    shippingRecipientName: text("shipping_recipient_name"),
    shippingAddress: text("shipping_address"),
    shippingCity: text("shipping_city"),
    shippingPhoneNo: text("shipping_phone_no"),
    shippingPostalCode: text("shipping_postal_code"),
    shippingCountry: text("shipping_country"),
    shippingState: text("shipping_state"),
    // The shipping method chosen at the last checkout (app/models/pricing.server.ts checks it still applies).
    shippingMethodId: text("shipping_method_id"),
    // When the account's owner last proved `email` is theirs (a link mailed to it, or Google's verified
    // address); null while unproven (registered through the API, or the e-mail changed since).
    emailProvenAt: instant("email_proven_at"),
    // The shopper asked to be reminded of a cart they leave (app/models/cart-reminders.server.ts).
    cartReminders: boolean("cart_reminders").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    uniqueIndex("users_google_id_unique").on(t.googleId),
    index("users_created_at_idx").on(t.createdAt),
    index("users_role_idx").on(t.role),
  ],
);

export const products = table(
  "products",
  {
    // Stable integer key for SQLite's full-text index (products_fts, content_rowid = seq); never shown.
    seq: serial("seq"),
    id: text("id")
      .notNull()
      .$defaultFn(() => newId()),
    name: text("name").notNull(),
    description: text("description").notNull(),
    priceCents: integer("price_cents").notNull(),
    category: text("category").notNull(),
    seller: text("seller").notNull(),
    stock: integer("stock").notNull().default(0),
    // When the owner was told the stock fell under the low-stock threshold; cleared when it is back above.
    lowStockMailedAt: instant("low_stock_mailed_at"),
    // For shipping rates by weight; none weighs nothing.
    weightGrams: integer("weight_grams"),
    // Denormalised from reviews, recomputed in the transaction that changes a review.
    ratings: real("ratings").notNull().default(0),
    numOfReviews: integer("num_of_reviews").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // On PostgreSQL a constraint (its index has the same name), made with the table: the foreign keys
    // that refer to products.id need it before drizzle-kit's CREATE INDEX statements run.
    unique("products_id_unique").on(t.id),
    index("products_created_at_idx").on(t.createdAt),
    index("products_category_created_at_idx").on(t.category, t.createdAt),
    index("products_price_idx").on(t.priceCents),
    index("products_ratings_idx").on(t.ratings),
    index("products_stock_idx").on(t.stock),
    index("products_name_idx").on(t.name),
  ],
);

export const productImages = table(
  "product_images",
  {
    id: id(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [index("product_images_product_idx").on(t.productId, t.position)],
);

// A product's options (Memory: 8 GB, 16 GB), in order; none: the product is its own one variant.
export const productOptions = table(
  "product_options",
  {
    id: id(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    name: text("name").notNull(),
    values: json("values").$type<string[]>().notNull(),
  },
  (t) => [uniqueIndex("product_options_product_position_unique").on(t.productId, t.position)],
);

// One per combination of the options' values that the shop sells (app/lib/variants.ts). The
// product's own price_cents and stock are kept as the variants' lowest price and their total stock.
export const productVariants = table(
  "product_variants",
  {
    id: id(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    // One value per option, in the options' order; title is the same joined with " / ".
    optionValues: json("option_values").$type<string[]>().notNull(),
    title: text("title").notNull(),
    sku: text("sku"),
    priceCents: integer("price_cents").notNull(),
    stock: integer("stock").notNull().default(0),
    // One of the product's pictures (its url), shown when the variant is chosen.
    imageUrl: text("image_url"),
  },
  (t) => [
    uniqueIndex("product_variants_product_title_unique").on(t.productId, t.title),
    uniqueIndex("product_variants_sku_unique").on(t.sku),
    index("product_variants_product_position_idx").on(t.productId, t.position),
    index("product_variants_stock_idx").on(t.stock),
  ],
);

export const reviews = table(
  "reviews",
  {
    id: id(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rating: integer("rating").notNull(),
    comment: text("comment").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("reviews_product_user_unique").on(t.productId, t.userId),
    index("reviews_user_idx").on(t.userId),
    index("reviews_product_created_idx").on(t.productId, t.createdAt),
  ],
);

export const carts = table(
  "carts",
  {
    id: id(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    // The discount code the shopper entered (as they typed it; app/models/discounts.server.ts finds it).
    couponCode: text("coupon_code"),
    // A guest's checkout: e-mail, shipping info and method, as JSON (app/models/checkout/guest.server.ts).
    guestCheckout: text("guest_checkout"),
    // When the abandoned-cart reminder was sent for the cart as it then was (app/models/cart-reminders.server.ts).
    remindedAt: instant("reminded_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("carts_user_unique").on(t.userId), index("carts_updated_at_idx").on(t.updatedAt)],
);

export const cartLines = table(
  "cart_lines",
  {
    cartId: text("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    // The variant chosen, or "" for a product without options (a key column cannot be null).
    variantId: text("variant_id").notNull().default(""),
    quantity: integer("quantity").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.cartId, t.productId, t.variantId] }),
    index("cart_lines_product_idx").on(t.productId),
  ],
);

export const orders = table(
  "orders",
  {
    id: id(),
    // The number people read and say (#1001, #1002, …; on PostgreSQL from order_number_seq, in
    // schema.pg.ts): app/lib/order-number.ts.
    orderNumber: integer("order_number").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    // Buyer's name at the time of purchase, kept when the account is deleted.
    userName: text("user_name").notNull(),
    // Who receives the parcel (the buyer's name unless they named someone else).
    shippingRecipientName: text("shipping_recipient_name").notNull().default(""),
    shippingAddress: text("shipping_address").notNull(),
    shippingCity: text("shipping_city").notNull(),
    shippingPhoneNo: text("shipping_phone_no").notNull(),
    shippingPostalCode: text("shipping_postal_code").notNull(),
    shippingCountry: text("shipping_country").notNull(),
    // State, province or region, where the address has one.
    shippingState: text("shipping_state"),
    paymentIntentId: text("payment_intent_id"),
    // Set when the buyer pays on Stripe Checkout (no JavaScript); its intent is known only once paid.
    checkoutSessionId: text("checkout_session_id"),
    // requires_payment (stock reserved, not paid yet), succeeded, canceled (stock returned), refunded.
    paymentStatus: text("payment_status", { enum: PAYMENT_STATUSES }).notNull().default(PAYMENT.requiresPayment),
    // Until when the reserved stock is held for an unpaid order.
    reservedUntil: instant("reserved_until"),
    itemsPriceCents: integer("items_price_cents").notNull(),
    shippingPriceCents: integer("shipping_price_cents").notNull(),
    taxPriceCents: integer("tax_price_cents").notNull(),
    totalPriceCents: integer("total_price_cents").notNull(),
    orderStatus: text("order_status", { enum: ORDER_STATUSES }).notNull().default(FULFILMENT.processing),
    paidAt: instant("paid_at"),
    deliveredAt: instant("delivered_at"),
    // Set with Shipped (or later): one of app/lib/shipment-tracking.ts's CARRIERS, and its number.
    shippingCarrier: text("shipping_carrier"),
    trackingNumber: text("tracking_number"),
    // What the order was priced with, as it was then: the shipping method's name, and the tax's name,
    // rate (basis points) and whether the items' prices included it (VAT style).
    shippingMethod: text("shipping_method"),
    taxName: text("tax_name"),
    taxRateBp: integer("tax_rate_bp"),
    taxIncluded: boolean("tax_included").notNull().default(false),
    // Whether the tax was charged on shipping too (EU VAT; the shop's setting when the order was made).
    taxOnShipping: boolean("tax_on_shipping").notNull().default(false),
    // The currency and locale the order was priced and paid in: it is always shown in them, whatever
    // the shop's settings become.
    currency: text("currency").notNull().default("USD"),
    locale: text("locale").notNull().default("en-US"),
    // The invoice's number, in sequence over paid orders (1, 2, …): given when the order is paid.
    invoiceNumber: integer("invoice_number"),
    // Taken off the items by discount codes and promotions (order_discounts says which), before tax.
    discountCents: integer("discount_cents").notNull().default(0),
    // What went back to the buyer (succeeded refunds, app/models/refunds.server.ts): paid less this is kept.
    refundedCents: integer("refunded_cents").notNull().default(0),
    // Set when the admin cancels the order: its status no longer changes.
    cancelledAt: instant("cancelled_at"),
    // A guest's order: the e-mail it was bought with (lower case), and the cart it came from.
    guestEmail: text("guest_email"),
    cartId: text("cart_id"),
    // The buyer's mailbox (app/lib/mailbox.ts: the e-mail in canonical form) when the order was made,
    // the account's or the guest's: what a discount's per-customer limit counts.
    mailbox: text("mailbox"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("orders_order_number_unique").on(t.orderNumber),
    uniqueIndex("orders_payment_intent_unique").on(t.paymentIntentId),
    uniqueIndex("orders_invoice_number_unique").on(t.invoiceNumber),
    uniqueIndex("orders_checkout_session_unique").on(t.checkoutSessionId),
    index("orders_user_created_idx").on(t.userId, t.createdAt),
    index("orders_created_at_idx").on(t.createdAt),
    index("orders_paid_at_idx").on(t.paidAt),
    index("orders_status_idx").on(t.orderStatus),
    index("orders_payment_reserved_idx").on(t.paymentStatus, t.reservedUntil),
    index("orders_guest_email_idx").on(t.guestEmail),
    index("orders_mailbox_idx").on(t.mailbox),
    index("orders_cart_idx").on(t.cartId),
  ],
);

export const orderLines = table(
  "order_lines",
  {
    id: id(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: text("product_id").references(() => products.id, { onDelete: "set null" }),
    // The variant bought: its id while it exists, and its title and SKU as they were.
    variantId: text("variant_id").references(() => productVariants.id, { onDelete: "set null" }),
    variantTitle: text("variant_title"),
    sku: text("sku"),
    name: text("name").notNull(),
    priceCents: integer("price_cents").notNull(),
    quantity: integer("quantity").notNull(),
    image: text("image"),
  },
  (t) => [index("order_lines_order_idx").on(t.orderId), index("order_lines_product_idx").on(t.productId)],
);

export const passwordResetTokens = table(
  "password_reset_tokens",
  {
    // SHA-256 of the token sent by e-mail; the token itself is never stored.
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // The address the link was mailed to: it proves only that address, and only while the account has it.
    email: text("email").notNull().default(""),
    expiresAt: instant("expires_at").notNull(),
    usedAt: instant("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("password_reset_tokens_user_idx").on(t.userId)],
);

// A link mailed to an account's new e-mail address (app/models/email-proof.server.ts): following it
// proves the address, while the account still has it.
export const emailProofs = table(
  "email_proofs",
  {
    // SHA-256 of the token sent by e-mail; the token itself is never stored.
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    expiresAt: instant("expires_at").notNull(),
    usedAt: instant("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("email_proofs_user_idx").on(t.userId)],
);

// A signed-in browser or API client. The signed cookie (or bearer token) carries a random secret;
// only its SHA-256 is stored, as the id. Deleting the row ends the session everywhere.
export const sessions = table(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // What the User-Agent said at sign-in, e.g. "Chrome 156 on Linux".
    device: text("device").notNull(),
    ip: text("ip"),
    createdAt: createdAt(),
    lastSeenAt: instant("last_seen_at").notNull(),
    expiresAt: instant("expires_at").notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.userId, t.lastSeenAt), index("sessions_expires_at_idx").on(t.expiresAt)],
);

export const orderStatusEvents = table(
  "order_status_events",
  {
    id: id(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    status: text("status", { enum: ORDER_STATUSES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("order_status_events_order_idx").on(t.orderId, t.createdAt)],
);

// A registration from the page waiting for its e-mail to be confirmed: the account is made only
// when the link mailed to the address is used (app/models/registration.server.ts).
export const pendingRegistrations = table(
  "pending_registrations",
  {
    // SHA-256 of the token sent by e-mail; the token itself is never stored.
    tokenHash: text("token_hash").primaryKey(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    passwordHash: text("password_hash").notNull(),
    // The avatar already stored under the uploads folder, if one was chosen.
    avatarUrl: text("avatar_url"),
    expiresAt: instant("expires_at").notNull(),
    usedAt: instant("used_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("pending_registrations_email_idx").on(t.email),
    index("pending_registrations_expires_idx").on(t.expiresAt),
  ],
);

// The login and password-reset counters (app/models/rate-limit.server.ts), shared by every process
// that serves. rate-limiter-flexible's RateLimiterSQLite and RateLimiterPostgres read and write it:
// their column names, and on PostgreSQL the columns its own CREATE TABLE makes (it inserts
// VALUES (key, points, expire) in that order).
export const rateLimits = table(
  "rate_limits",
  {
    // The limiter's prefix and the counted key, e.g. "login-ip:203.0.113.9".
    key: varchar("key", 255).primaryKey(),
    points: integer("points").notNull().default(0),
    // Epoch milliseconds when the count starts again.
    expire: bigint("expire"),
  },
  (t) => [index("rate_limits_expire_idx").on(t.expire)],
);

// A client-cart payment the shop refused to turn into an order (wrong amount, product gone, stock
// gone) and so refunds: recorded in the transaction that decided it, so that no other call for the
// same intent, in any process, can make an order with it afterwards.
export const paymentRefusals = table("payment_refusals", {
  paymentIntentId: text("payment_intent_id").primaryKey(),
  message: text("message").notNull(),
  // The HTTP status of the refusal (400, 409), given again to any later call.
  status: integer("status").$type<PublicError["status"]>().notNull(),
  createdAt: createdAt(),
});

// The mail outbox (app/models/mail-outbox.server.ts): each mail the shop has promised, written in
// the transaction that made the promise (an order paid, a status reached), kept until it is sent.
export const mailOutbox = table(
  "mail_outbox",
  {
    // Increasing: mails of one group go out in this order.
    id: serial("id"),
    // Which composer makes the message from the payload (app/models/mail-jobs.server.ts).
    kind: text("kind").notNull(),
    // The promise, once: e.g. "orderConfirmation:<orderId>", "orderStatus:<orderId>:Shipped".
    dedupeKey: text("dedupe_key").notNull(),
    // Mails of one group (e.g. "order:<orderId>") are sent one after the other, in id order.
    groupKey: text("group_key"),
    // What the composer needs, as plain data (a snapshot taken when the promise was made).
    payload: json("payload").notNull(),
    createdAt: createdAt(),
    attempts: integer("attempts").notNull().default(0),
    // The process sending it ("<host>:<pid>") and until when its claim holds.
    claimedBy: text("claimed_by"),
    claimedUntil: instant("claimed_until"),
    // When the sweeper may (re)try it: a grace for its writer at first, then the backoff after a failure.
    dueAt: instant("due_at").notNull(),
    sentAt: instant("sent_at"),
    // Set when the attempts ran out: no more tries.
    gaveUpAt: instant("gave_up_at"),
    lastError: text("last_error"),
  },
  (t) => [
    uniqueIndex("mail_outbox_dedupe_key_unique").on(t.dedupeKey),
    index("mail_outbox_group_idx").on(t.groupKey, t.id),
    index("mail_outbox_sent_due_idx").on(t.sentAt, t.dueAt),
  ],
);

// The last tick each scheduled job (server/scheduled-jobs.server.ts) was run for: every node keeps
// the job's timer, and only the one whose write moves the tick runs it (one run per tick in all).
export const scheduledRuns = table("scheduled_runs", {
  name: text("name").primaryKey(),
  // The tick's start, in epoch milliseconds.
  tick: bigint("tick").notNull(),
});

// The owner's settings (app/models/shop-settings.server.ts): one row, id 1, holding the document
// app/lib/shop-settings.ts validates; a setting it lacks reads as its default. Catalogue pages show
// them, so every write moves the catalogue's version (app/db/catalogue-tables.ts).
export const shopSettings = table("shop_settings", {
  id: integer("id").primaryKey(),
  settings: json("settings").notNull(),
  updatedAt: updatedAt(),
});

// The shop's own pages (contact, shipping and returns, privacy, terms, any the owner adds): Markdown,
// at /pages/{slug}, linked from the footer when `in_footer`. Every page shows the footer's links,
// so every write moves the catalogue's version (app/db/catalogue-tables.ts).
export const pages = table(
  "pages",
  {
    id: id(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    inFooter: boolean("in_footer").notNull().default(true),
    // The footer's order: lower first, then by title.
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("pages_slug_unique").on(t.slug)],
);

// The shop's categories (app/models/categories.server.ts): a product's `category` holds its category's
// name, kept in step by the model (a rename renames its products' category in the same transaction;
// a category is deleted only once its products were moved). The storefront lists the ones not hidden
// in `position` order, each at /category/{slug}; every write moves the catalogue's version.
export const categories = table(
  "categories",
  {
    id: id(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    position: integer("position").notNull().default(0),
    hidden: boolean("hidden").notNull().default(false),
    imageUrl: text("image_url"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("categories_slug_unique").on(t.slug), uniqueIndex("categories_name_unique").on(t.name)],
);

// Shipping by region (app/models/pricing.server.ts): a zone is a set of countries ("*" in
// shipping_zone_countries: every country no other zone names), each country in one zone at most;
// a zone's methods are what the shopper chooses from. Every write moves the catalogue's version, so
// the rules are kept in memory on every worker and node (app/db/catalogue-tables.ts).
export const shippingZones = table(
  "shipping_zones",
  {
    id: id(),
    name: text("name").notNull(),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("shipping_zones_name_unique").on(t.name)],
);

export const shippingZoneCountries = table(
  "shipping_zone_countries",
  {
    zoneId: text("zone_id")
      .notNull()
      .references(() => shippingZones.id, { onDelete: "cascade" }),
    country: text("country").notNull(),
  },
  (t) => [
    uniqueIndex("shipping_zone_countries_country_unique").on(t.country),
    index("shipping_zone_countries_zone_idx").on(t.zoneId),
  ],
);

export const shippingMethods = table(
  "shipping_methods",
  {
    id: id(),
    zoneId: text("zone_id")
      .notNull()
      .references(() => shippingZones.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    // app/lib/pricing.ts's RATE_KINDS: flat (price_cents), weight or value (bands).
    kind: text("kind", { enum: RATE_KINDS }).notNull().default("flat"),
    priceCents: integer("price_cents").notNull().default(0),
    bands: json("bands").$type<RateBand[]>().notNull().default([]),
    freeOverCents: integer("free_over_cents"),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("shipping_methods_zone_name_unique").on(t.zoneId, t.name)],
);

// Tax by country and region: the most particular rate applies ("*" is every country, or every
// region of one, that no other row names). Rates in basis points (1% = 100).
export const taxRates = table(
  "tax_rates",
  {
    id: id(),
    country: text("country").notNull(),
    region: text("region").notNull().default("*"),
    name: text("name").notNull().default("Tax"),
    rateBp: integer("rate_bp").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("tax_rates_country_region_unique").on(t.country, t.region)],
);

// Discount codes and automatic promotions (no code), app/models/discounts.server.ts. Not part of the
// catalogue's version: times_used moves with every order. `code` is kept upper-case (codes are
// matched whatever their case); value is basis points for a percent, cents for an amount.
export const discounts = table(
  "discounts",
  {
    id: id(),
    code: text("code"),
    name: text("name").notNull(),
    kind: text("kind", { enum: DISCOUNT_KINDS }).notNull(),
    value: integer("value").notNull().default(0),
    minSubtotalCents: integer("min_subtotal_cents"),
    startsAt: instant("starts_at"),
    endsAt: instant("ends_at"),
    usageLimit: integer("usage_limit"),
    perCustomerLimit: integer("per_customer_limit"),
    // Limited to these products or categories (ids); both empty: every item.
    productIds: json("product_ids").$type<string[]>().notNull().default([]),
    categoryIds: json("category_ids").$type<string[]>().notNull().default([]),
    paused: boolean("paused").notNull().default(false),
    // Orders holding a use: taken with the order's reservation, given back when it is released.
    timesUsed: integer("times_used").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("discounts_code_unique").on(t.code)],
);

// What each order got off, and from which discount (kept when the discount is deleted).
export const orderDiscounts = table(
  "order_discounts",
  {
    id: id(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    discountId: text("discount_id").references(() => discounts.id, { onDelete: "set null" }),
    code: text("code"),
    name: text("name").notNull(),
    kind: text("kind", { enum: DISCOUNT_KINDS }).notNull(),
    // Off the items; for free shipping, the shipping price it saved.
    amountCents: integer("amount_cents").notNull(),
  },
  (t) => [index("order_discounts_order_idx").on(t.orderId), index("order_discounts_discount_idx").on(t.discountId)],
);

// Money given back on an order: asked of the provider while pending, then succeeded or failed. The
// shop's own carry a request key (a replayed form or API call finds its refund, never makes a
// second); those made in the provider's dashboard arrive by webhook, once each (provider_refund_id).
export const refunds = table(
  "refunds",
  {
    id: id(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    reason: text("reason").notNull(),
    restock: boolean("restock").notNull().default(false),
    source: text("source", { enum: REFUND_SOURCES }).notNull(),
    status: text("status", { enum: REFUND_STATUSES }).notNull(),
    providerRefundId: text("provider_refund_id"),
    requestKey: text("request_key"),
    // Who made it (null for the provider's dashboard and the shop itself), and their name then.
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdByName: text("created_by_name"),
    createdAt: createdAt(),
    settledAt: instant("settled_at"),
  },
  (t) => [
    index("refunds_order_idx").on(t.orderId, t.createdAt),
    uniqueIndex("refunds_provider_refund_unique").on(t.providerRefundId),
    uniqueIndex("refunds_request_key_unique").on(t.requestKey),
    index("refunds_status_created_idx").on(t.status, t.createdAt),
  ],
);

// Which items (and how many of each) a refund was for.
export const refundLines = table(
  "refund_lines",
  {
    id: id(),
    refundId: text("refund_id")
      .notNull()
      .references(() => refunds.id, { onDelete: "cascade" }),
    orderLineId: text("order_line_id")
      .notNull()
      .references(() => orderLines.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
  },
  (t) => [index("refund_lines_refund_idx").on(t.refundId), index("refund_lines_line_idx").on(t.orderLineId)],
);

// The API's client-cart payments (made before the shop knows the cart): each is watched by the
// payment sweeper until it has an order, or has been refunded or abandoned (outcome, resolved_at).
export const clientCartIntents = table(
  "client_cart_intents",
  {
    intentId: text("intent_id").primaryKey(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    amountCents: integer("amount_cents").notNull(),
    createdAt: createdAt(),
    resolvedAt: instant("resolved_at"),
    outcome: text("outcome", { enum: ["order", "refunded", "abandoned"] }),
  },
  (t) => [index("client_cart_intents_open_idx").on(t.resolvedAt, t.createdAt)],
);

// A shopper's request to send items of a delivered order back, and where it stands; its refund
// once made (app/models/returns.server.ts).
export const returns = table(
  "returns",
  {
    id: id(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    status: text("status", { enum: RETURN_STATUSES }).notNull(),
    reason: text("reason").notNull(),
    refundId: text("refund_id").references(() => refunds.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("returns_order_idx").on(t.orderId, t.createdAt), index("returns_status_idx").on(t.status)],
);

export const returnLines = table(
  "return_lines",
  {
    id: id(),
    returnId: text("return_id")
      .notNull()
      .references(() => returns.id, { onDelete: "cascade" }),
    orderLineId: text("order_line_id")
      .notNull()
      .references(() => orderLines.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
  },
  (t) => [index("return_lines_return_idx").on(t.returnId), index("return_lines_line_idx").on(t.orderLineId)],
);

// A shopper asked to be told when a sold-out product (or one of its variants) is back
// (app/models/stock-alerts.server.ts); notified once.
export const stockAlerts = table(
  "stock_alerts",
  {
    id: id(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    // The variant asked for, or "" for the product (a key column cannot be null).
    variantId: text("variant_id").notNull().default(""),
    email: text("email").notNull(),
    // The address in canonical form (app/lib/mailbox.ts): one pending alert per mailbox and item.
    mailbox: text("mailbox").notNull().default(""),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    // When the address confirmed the alert by the link mailed to it (double opt-in); a shopper's own
    // proven address is confirmed at once. No stock mail goes to an unconfirmed alert.
    confirmedAt: instant("confirmed_at"),
    notifiedAt: instant("notified_at"),
  },
  (t) => [
    uniqueIndex("stock_alerts_item_mailbox_unique").on(t.productId, t.variantId, t.mailbox),
    index("stock_alerts_email_idx").on(t.email),
    index("stock_alerts_mailbox_idx").on(t.mailbox, t.createdAt),
  ],
);

// An e-mail address that asked for no more mails of a kind (the unsubscribe link; no sign-in needed).
export const mailOptOuts = table(
  "mail_opt_outs",
  {
    email: text("email").notNull(),
    kind: text("kind").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.email, t.kind] })],
);
