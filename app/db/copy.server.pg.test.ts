import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq, getTableName, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FULFILMENT, PAYMENT } from "~/lib/order-states";
import { createDatabase, onServer } from "../../tools/pg/databases";
import { closeConnection, openDatabase, type Connection } from "./connection.server";
import { copyShopDatabase, CopyRefused, SEEDED_BY_MIGRATIONS, type CopyReport } from "./copy.server";
import * as derivedPg from "./derived.pg";
import * as derivedSqlite from "./derived.sqlite";
import { migrate as migrateSqlite } from "./dialect/sqlite/maintenance";
import { nextOrderNumber } from "./dialect/pg/sql";
import { closePgDatabase, openPgDatabase, type PgConnection } from "./pg-connection.server";
import * as pgSchema from "./schema.pg";
import * as s from "./schema.sqlite";

// `npm run db:copy`: a SQLite shop made with the real migrations, copied into an empty PostgreSQL
// database of its own on the test run's server (this file's DATABASE_URL names that server).

const run = promisify(execFile);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-copy-"));
const created: string[] = [];

/** A new empty database on the test server; dropped after the file's tests. */
async function emptyPgDatabase(): Promise<string> {
  const name = `copy_target_${randomBytes(6).toString("hex")}`;
  created.push(name);
  return createDatabase(process.env.DATABASE_URL!, name);
}

const day = (n: number, hour = 12) => new Date(Date.UTC(2026, 0, n, hour, 0, 0, 123));

/** A SQLite shop with a bit of everything; `poison` ends it with a mail PostgreSQL cannot store (a NUL). */
async function makeShop(file: string, { orders = 30, poison = false } = {}) {
  const db = openDatabase(file);
  await migrateSqlite(db, path.resolve("drizzle", "sqlite"));
  const [alice, bob] = await db
    .insert(s.users)
    .values([
      {
        name: "Alice Ãngström",
        email: "alice@example.com",
        passwordHash: "$2b$10$hash",
        role: "admin",
        googleSignIn: true,
        googleId: "google-sub-1",
        shippingRecipientName: "Alice",
        shippingAddress: "1 Main St",
        shippingCity: "Springfield",
        shippingCountry: "FR",
        createdAt: day(1),
        updatedAt: day(2),
      },
      { name: "Bob", email: "bob@example.com", passwordHash: null, createdAt: day(1, 13), updatedAt: day(1, 13) },
    ])
    .returning();
  const products = await db
    .insert(s.products)
    .values(
      [1, 2, 3].map((i) => ({
        name: `Laptop ${i}`,
        description: `A laptop, model ${i}; "quoted" and 'single' text.`,
        priceCents: 99_999 + i,
        category: "Laptops",
        seller: "Seller",
        stock: 10 * i,
        createdAt: day(i),
        updatedAt: day(i),
      })),
    )
    .returning();
  for (const product of products) {
    await db
      .insert(s.productImages)
      .values(
        [0, 1].map((position) => ({ productId: product.id, url: `/u/${product.id}-${position}.webp`, position })),
      );
  }
  // The first laptop comes in two memory sizes (options and variants as JSON lists).
  await db
    .insert(s.productOptions)
    .values({ productId: products[0].id, position: 0, name: "Memory", values: ["8 GB", "16 GB"] });
  const variants = await db
    .insert(s.productVariants)
    .values(
      ["8 GB", "16 GB"].map((memory, position) => ({
        productId: products[0].id,
        position,
        optionValues: [memory],
        title: memory,
        sku: position ? null : "LAP-1-8",
        priceCents: 99_000 + position,
        stock: 5 * position,
        imageUrl: position ? `/u/${products[0].id}-1.webp` : null,
      })),
    )
    .returning();
  await db.insert(s.reviews).values([
    { productId: products[0].id, userId: alice.id, rating: 4, comment: "Good.", createdAt: day(3), updatedAt: day(3) },
    { productId: products[0].id, userId: bob.id, rating: 5, comment: "Great!", createdAt: day(4), updatedAt: day(4) },
  ]);
  await db.update(s.products).set({ ratings: 4.5, numOfReviews: 2 }).where(eq(s.products.id, products[0].id));
  const [aliceCart, guestCart] = await db
    .insert(s.carts)
    .values([{ userId: alice.id }, { userId: null }])
    .returning();
  await db.insert(s.cartLines).values([
    { cartId: aliceCart.id, productId: products[1].id, quantity: 2 },
    { cartId: aliceCart.id, productId: products[0].id, variantId: variants[1].id, quantity: 1 },
    { cartId: guestCart.id, productId: products[2].id, quantity: 1 },
  ]);
  for (let i = 0; i < orders; i++) {
    const paid = i % 3 !== 0;
    const [order] = await db
      .insert(s.orders)
      .values({
        orderNumber: 1001 + i,
        userId: i % 2 ? alice.id : null,
        userName: i % 2 ? "Alice" : "Guest",
        shippingRecipientName: "Recipient",
        shippingAddress: "1 Main St",
        shippingCity: "Springfield",
        shippingPhoneNo: "555 0100",
        shippingPostalCode: "12345",
        shippingCountry: "FR",
        shippingState: i % 4 ? null : "Île-de-France",
        paymentIntentId: `pi_${i}`,
        paymentStatus: paid ? PAYMENT.succeeded : PAYMENT.requiresPayment,
        reservedUntil: paid ? null : day(20),
        itemsPriceCents: 1000 * (i + 1),
        shippingPriceCents: 500,
        taxPriceCents: 100,
        totalPriceCents: 1000 * (i + 1) + 600,
        orderStatus: i % 5 === 0 ? FULFILMENT.delivered : FULFILMENT.processing,
        paidAt: paid ? day(5 + (i % 4)) : null,
        deliveredAt: i % 5 === 0 ? day(10) : null,
        createdAt: day(5, i % 24),
        updatedAt: day(5, i % 24),
      })
      .returning();
    await db.insert(s.orderLines).values([
      {
        orderId: order.id,
        productId: products[i % 3].id,
        // The first laptop's lines name a variant.
        ...(i % 3 === 0
          ? { variantId: variants[i % 2].id, variantTitle: variants[i % 2].title, sku: variants[i % 2].sku }
          : {}),
        name: `Laptop ${(i % 3) + 1}`,
        priceCents: 1000,
        quantity: i + 1,
      },
      { orderId: order.id, productId: null, name: "A product since deleted", priceCents: 0, quantity: 1, image: null },
    ]);
    await db
      .insert(s.orderStatusEvents)
      .values({ orderId: order.id, status: FULFILMENT.processing, createdAt: day(5) });
  }
  // A payment taken later: SQLite's order totals keep the emptied "unpaid" row at 0.
  await db
    .update(s.orders)
    .set({ paymentStatus: PAYMENT.succeeded, paidAt: day(9) })
    .where(eq(s.orders.orderNumber, 1001));
  await db.insert(s.sessions).values({
    id: "sha256-of-secret",
    userId: alice.id,
    device: "Firefox on Linux",
    ip: "203.0.113.9",
    lastSeenAt: day(6),
    expiresAt: day(40),
  });
  await db
    .insert(s.passwordResetTokens)
    .values({ tokenHash: "reset-hash", userId: bob.id, email: "bob@example.com", expiresAt: day(7) });
  await db
    .insert(s.emailProofs)
    .values({ tokenHash: "proof-hash", userId: alice.id, email: "alice@example.org", expiresAt: day(8) });
  await db.insert(s.pendingRegistrations).values({
    tokenHash: "pending-hash",
    email: "carol@example.com",
    name: "Carol",
    passwordHash: "$2b$10$x",
    expiresAt: day(8),
  });
  await db.insert(s.rateLimits).values({ key: "login-ip:203.0.113.9", points: 3, expire: day(9).getTime() });
  await db.insert(s.scheduledRuns).values({ name: "reservationSweeper", tick: day(9).getTime() });
  await db.insert(s.shopSettings).values({
    id: 1,
    settings: { name: "Copied shop", currency: "EUR", heroCategories: ["Laptops"], logoUrl: null },
    updatedAt: day(8),
  });
  await db.insert(s.pages).values([
    { slug: "terms", title: "Terms", body: "**Ours**", inFooter: true, position: 2, updatedAt: day(8) },
    { slug: "hidden", title: "Hidden", body: "Not linked", inFooter: false, position: 0 },
  ]);
  await db.insert(s.categories).values([
    { slug: "laptops", name: "Laptops", position: 0, imageUrl: "/uploads/categories/abc.webp", updatedAt: day(8) },
    { slug: "clothes-shoes", name: "Clothes/Shoes", position: 1, hidden: true },
  ]);
  const [code] = await db
    .insert(s.discounts)
    .values([
      {
        code: "AUTUMN10",
        name: "Autumn",
        kind: "percent",
        value: 1000,
        startsAt: day(1),
        endsAt: day(30, 23),
        usageLimit: 100,
        productIds: [products[0].id],
        categoryIds: ["laptops-id"],
        timesUsed: 1,
      },
      { code: null, name: "Free shipping week", kind: "free_shipping", paused: true },
    ])
    .returning();
  const [firstOrder] = await db.select().from(s.orders).limit(1);
  await db.insert(s.orderDiscounts).values([
    {
      orderId: firstOrder.id,
      discountId: code.id,
      code: "AUTUMN10",
      name: "Autumn",
      kind: "percent",
      amountCents: 100,
    },
    { orderId: firstOrder.id, discountId: null, code: null, name: "Gone", kind: "amount", amountCents: 50 },
  ]);
  await db.update(s.carts).set({ couponCode: "autumn10" }).where(eq(s.carts.id, aliceCart.id));
  const [firstLine] = await db.select().from(s.orderLines).where(eq(s.orderLines.orderId, firstOrder.id)).limit(1);
  const [refund] = await db
    .insert(s.refunds)
    .values({
      orderId: firstOrder.id,
      amountCents: 500,
      reason: "Dented",
      restock: true,
      source: "shop",
      status: "succeeded",
      providerRefundId: "re_1",
      requestKey: "request:k1",
      createdBy: alice.id,
      createdByName: "Alice",
      createdAt: day(6),
      settledAt: day(6, 1),
    })
    .returning();
  await db.insert(s.refundLines).values({ refundId: refund.id, orderLineId: firstLine.id, quantity: 1 });
  const [asked] = await db
    .insert(s.returns)
    .values({ orderId: firstOrder.id, status: "refunded", reason: "Too big", refundId: refund.id, createdAt: day(6) })
    .returning();
  await db.insert(s.returnLines).values({ returnId: asked.id, orderLineId: firstLine.id, quantity: 1 });
  await db
    .insert(s.clientCartIntents)
    .values({ intentId: "pi_client", userId: bob.id, amountCents: 4600, createdAt: day(7) });
  await db.insert(s.paymentRefusals).values({ paymentIntentId: "pi_refused", message: "Out of stock.", status: 409 });
  // A guest's checkout and order, a back-in-stock alert and an opt-out (issue 29).
  await db
    .update(s.carts)
    .set({ guestCheckout: JSON.stringify({ email: "guest@example.com", remindCart: true }), remindedAt: day(7) })
    .where(eq(s.carts.id, aliceCart.id));
  await db
    .update(s.orders)
    .set({ guestEmail: "guest@example.com", cartId: aliceCart.id, mailbox: "guest@example.com" })
    .where(eq(s.orders.id, firstOrder.id));
  await db
    .update(s.users)
    .set({ cartReminders: true, emailProvenAt: day(2) })
    .where(eq(s.users.id, bob.id));
  await db
    .update(s.products)
    .set({ lowStockMailedAt: day(7) })
    .where(eq(s.products.id, firstLine.productId!));
  await db.insert(s.stockAlerts).values({
    productId: firstLine.productId!,
    email: "guest@example.com",
    mailbox: "guest@example.com",
    userId: bob.id,
    createdAt: day(7),
    confirmedAt: day(7),
    notifiedAt: day(8),
  });
  await db.insert(s.mailOptOuts).values({ email: "guest@example.com", kind: "cartReminder", createdAt: day(8) });
  await db.insert(s.mailOutbox).values([
    {
      kind: "orderConfirmation",
      dedupeKey: "orderConfirmation:1",
      groupKey: "order:1",
      payload: { order: { number: 1001, lines: [{ name: "Laptop 1", cents: 1000 }] }, note: null },
      dueAt: day(5),
      sentAt: day(5, 13),
    },
    {
      kind: "orderStatus",
      dedupeKey: "orderStatus:1:Shipped",
      payload: { status: "Shipped" },
      dueAt: day(6),
      attempts: 2,
      lastError: poison ? "bad\u0000byte" : "SMTP 421",
    },
  ]);
  await closeConnection(db);
}

const shopFile = path.join(dir, "shop.db");
let target: PgConnection;
let targetUrl: string;
let report: CopyReport;
let source: Connection;
const logged: string[] = [];

beforeAll(async () => {
  await makeShop(shopFile);
  targetUrl = await emptyPgDatabase();
  report = await copyShopDatabase({ from: `file:${shopFile}`, to: targetUrl, pageSize: 7, log: (l) => logged.push(l) });
  source = openDatabase(shopFile, { readOnly: true });
  target = openPgDatabase(targetUrl, { max: 2 });
});

afterAll(async () => {
  await closeConnection(source);
  await closePgDatabase(target);
  for (const name of created)
    await onServer(process.env.DATABASE_URL!, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  fs.rmSync(dir, { recursive: true, force: true });
});

const sqliteTables = [...Object.values(s), derivedSqlite.catalogueChanges, derivedSqlite.catalogueVersionRow].filter(
  (value): value is typeof s.users => typeof value === "object" && value !== null && "getSQL" in value,
);
const pgTableNamed = (name: string) =>
  [...Object.values(pgSchema), ...Object.values(derivedPg)].find(
    (value) =>
      typeof value === "object" &&
      value !== null &&
      "getSQL" in value &&
      getTableName(value as typeof pgSchema.users) === name,
  ) as typeof pgSchema.users;

/** A value with every object's keys in one order (jsonb keeps its own), Dates as their instants. */
const canonical = (value: unknown): unknown =>
  value instanceof Date
    ? { date: value.getTime() }
    : Array.isArray(value)
      ? value.map(canonical)
      : value !== null && typeof value === "object"
        ? Object.fromEntries(
            Object.entries(value)
              .sort(([a], [b]) => (a < b ? -1 : 1))
              .map(([k, v]) => [k, canonical(v)]),
          )
        : value;
/** A table's rows in a stable order, as text that holds every value and its type. */
const sorted = <T>(rows: T[]) => rows.map((row) => JSON.stringify(canonical(row))).sort();

describe("db:copy", () => {
  it("copies every table, and every count and the money check out", () => {
    expect(report.ok).toBe(true);
    const counts = Object.fromEntries(report.tables.map((t) => [t.name, [t.source, t.target]]));
    expect(counts.orders).toEqual([30, 30]);
    expect(counts.order_lines).toEqual([60, 60]);
    expect(counts.users).toEqual([2, 2]);
    expect(counts.mail_outbox).toEqual([2, 2]);
    expect(counts.catalogue_version).toEqual([1, 1]);
    expect(counts["catalogue_changes"]![0]).toBeGreaterThan(0);
    for (const table of sqliteTables) expect(counts[getTableName(table)], getTableName(table)).toBeDefined();
    const expectedCents = Array.from({ length: 30 }, (_, i) => 1000 * (i + 1) + 600).reduce((a, b) => a + b);
    expect(report.totalCents).toEqual({ source: expectedCents, target: expectedCents, orderTotals: expectedCents });
    expect(report.orderTotalsMatch).toBe(true);
    // Paged: orders went over in pages of 7.
    expect(logged).toContain("orders: 30 rows");
  });

  it("copies every row of every table as it was: timestamps, booleans, JSON, nulls, text", async () => {
    for (const table of sqliteTables) {
      const name = getTableName(table);
      const fromRows = await source.select().from(table);
      const toRows = await target.select().from(pgTableNamed(name));
      expect(fromRows.length, name).toBeGreaterThan(0);
      expect(sorted(toRows), name).toEqual(sorted(fromRows));
    }
    const [alice] = await target.select().from(pgSchema.users).where(eq(pgSchema.users.email, "alice@example.com"));
    expect(alice.googleSignIn).toBe(true);
    expect(alice.createdAt).toEqual(day(1));
    const [mail] = await target
      .select()
      .from(pgSchema.mailOutbox)
      .where(eq(pgSchema.mailOutbox.dedupeKey, "orderConfirmation:1"));
    expect(mail.payload).toEqual({ order: { number: 1001, lines: [{ name: "Laptop 1", cents: 1000 }] }, note: null });
  });

  it("writes the derived tables as PostgreSQL's triggers keep them", async () => {
    const [fromVersion] = await source.select().from(derivedSqlite.catalogueVersionRow);
    const [toVersion] = await target.select().from(derivedPg.catalogueVersionRow);
    expect(toVersion.version).toBe(fromVersion.version);
    const totals = await target.select().from(derivedPg.orderTotals);
    const fromTotals = (await source.select().from(derivedSqlite.orderTotals)).filter((t) => t.orders > 0);
    expect(sorted(totals)).toEqual(sorted(fromTotals));
    // The catalogue's words, as ts_stat counts them over the copied products.
    const words = await target.execute(sql`SELECT word, docs FROM search_words ORDER BY word COLLATE "C"`);
    const counted = await target.execute(
      sql`SELECT word, ndoc::int AS docs FROM ts_stat('SELECT search FROM products') ORDER BY word COLLATE "C"`,
    );
    expect(words.rows.length).toBeGreaterThan(5);
    expect(words.rows).toEqual(counted.rows);
    // The triggers are on again: a new order is counted.
    const before = await target.select().from(derivedPg.orderTotals).where(eq(derivedPg.orderTotals.day, ""));
    await target.transaction(async (tx) => {
      await tx.insert(pgSchema.orders).values(orderValues("pi_new"));
    });
    const after = await target.select().from(derivedPg.orderTotals).where(eq(derivedPg.orderTotals.day, ""));
    expect(after[0].orders).toBe((before[0]?.orders ?? 0) + 1);
  });

  it("goes on numbering orders, products and mails after the copied ones", async () => {
    const [order] = await target.insert(pgSchema.orders).values(orderValues("pi_next")).returning();
    const [{ max }] = (await target.execute(sql`SELECT max(order_number) AS max FROM orders WHERE id <> ${order.id}`))
      .rows as { max: number }[];
    expect(order.orderNumber).toBe(max + 1);
    expect(order.orderNumber).toBeGreaterThan(1030);
    const [product] = await target
      .insert(pgSchema.products)
      .values({ name: "New", description: "New.", priceCents: 1, category: "Laptops", seller: "S" })
      .returning();
    expect(product.seq).toBe(4);
    const [mail] = await target
      .insert(pgSchema.mailOutbox)
      .values({ kind: "k", dedupeKey: "new", payload: {}, dueAt: new Date() })
      .returning();
    expect(mail.id).toBe(3);
  });

  it("refuses a second copy into the now non-empty target, and leaves it as it was", async () => {
    const [{ n: before }] = (await target.execute(sql`SELECT count(*)::int AS n FROM orders`)).rows as { n: number }[];
    await expect(copyShopDatabase({ from: shopFile, to: targetUrl })).rejects.toThrow(
      new CopyRefused(`The target ${targetUrl} already holds a shop (users has rows): copy into an empty database.`),
    );
    const [{ n: after }] = (await target.execute(sql`SELECT count(*)::int AS n FROM orders`)).rows as { n: number }[];
    expect(after).toBe(before);
  });

  it("leaves the target empty when a row fails half way", async () => {
    const poisoned = path.join(dir, "poisoned.db");
    await makeShop(poisoned, { orders: 20, poison: true });
    const url = await emptyPgDatabase();
    await expect(copyShopDatabase({ from: poisoned, to: url, pageSize: 7 })).rejects.toThrow(
      /^The copy failed, and the target was left empty: invalid byte sequence/,
    );
    const check = openPgDatabase(url, { max: 1 });
    try {
      for (const table of sqliteTables) {
        const name: string = getTableName(table);
        const [{ n }] = (await check.execute(sql`SELECT count(*)::int AS n FROM ${sql.identifier(name)}`)).rows as {
          n: number;
        }[];
        // As the migrations left it: the catalogue's version and the default shipping and tax rules.
        expect(n, name).toBe(name === "catalogue_version" || SEEDED_BY_MIGRATIONS.has(name) ? 1 : 0);
      }
      const { rows } = await check.execute(
        sql`SELECT tgname FROM pg_trigger WHERE NOT tgisinternal AND tgenabled = 'D'`,
      );
      expect(rows).toEqual([]);
    } finally {
      await closePgDatabase(check);
    }
    // Once the row is mended, the same target takes the copy.
    const mend = openDatabase(poisoned);
    await mend
      .update(s.mailOutbox)
      .set({ lastError: "mended" })
      .where(eq(s.mailOutbox.dedupeKey, "orderStatus:1:Shipped"));
    await closeConnection(mend);
    expect((await copyShopDatabase({ from: poisoned, to: url })).ok).toBe(true);
  });

  it("exits non-zero and keeps nothing when a check fails", async () => {
    const drifted = path.join(dir, "drifted.db");
    await makeShop(drifted, { orders: 5 });
    // Order totals that no longer agree with the orders (as a bug would leave them).
    const file = openDatabase(drifted);
    await file.update(derivedSqlite.orderTotals).set({ cents: sql`${derivedSqlite.orderTotals.cents} + 1` });
    await closeConnection(file);
    const url = await emptyPgDatabase();
    const result = await cli(drifted, url);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^order_totals: the days or sums\s+DIFFER$/m);
    expect(result.stdout).toMatch(/^orders\s+5\s+5$/m);
    expect(result.stdout).toContain("The counts differ: nothing was kept in the target (it is empty).");
    const check = openPgDatabase(url, { max: 1 });
    try {
      expect(await check.select().from(pgSchema.orders)).toEqual([]);
      expect(await check.select().from(derivedPg.orderTotals)).toEqual([]);
    } finally {
      await closePgDatabase(check);
    }
  });

  it("refuses a source that is missing, not SQLite or not a shop's, without creating a file", async () => {
    const url = targetUrl;
    const missing = path.join(dir, "nope", "shop.db");
    await expect(copyShopDatabase({ from: missing, to: url })).rejects.toThrow(`There is no file ${missing}.`);
    expect(fs.existsSync(path.dirname(missing))).toBe(false);
    const text = path.join(dir, "notes.txt");
    fs.writeFileSync(text, "not a database at all, just some text that is long enough to have a header");
    await expect(copyShopDatabase({ from: text, to: url })).rejects.toThrow(/is not a (SQLite|shop's) database/);
    const other = path.join(dir, "other.db");
    const otherDb = openDatabase(other);
    otherDb.$client.exec("CREATE TABLE things (id integer)");
    await closeConnection(otherDb);
    await expect(copyShopDatabase({ from: other, to: url })).rejects.toThrow(
      `${other} is not a shop's database (no such table: __drizzle_migrations).`,
    );
  });

  it("says in one line what is wrong with a URL, from the command line", async () => {
    const unreachable = await cli(shopFile, "postgres://shop:secret@127.0.0.1:1/shop");
    expect(unreachable.code).toBe(1);
    expect(unreachable.stdout).toBe("");
    expect(unreachable.stderr).toBe(
      "db:copy: Cannot reach the PostgreSQL database postgres://shop:***@127.0.0.1:1/shop: connect ECONNREFUSED 127.0.0.1:1.\n",
    );
    const notPg = await cli(shopFile, "mysql://127.0.0.1/shop");
    expect(notPg.stderr).toBe(
      "db:copy: The target must be a postgres:// or postgresql:// URL, not mysql://127.0.0.1/shop.\n",
    );
    const noDatabase = new URL(process.env.DATABASE_URL!);
    noDatabase.pathname = "/no_such_database";
    const missingDatabase = await cli(shopFile, noDatabase.toString());
    expect(missingDatabase.code).toBe(1);
    expect(missingDatabase.stderr).toMatch(
      /^db:copy: Cannot reach the PostgreSQL database .*: database "no_such_database" does not exist\.\n$/,
    );
  });
});

/** `npm run db:copy -- …args`: its exit code and what it printed. */
const cli = (...args: string[]) =>
  run("node", ["--import", "tsx", "db-copy.ts", ...args], { env: process.env }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );

function orderValues(paymentIntentId: string) {
  return {
    orderNumber: nextOrderNumber(),
    userName: "New",
    shippingAddress: "1 Main St",
    shippingCity: "Springfield",
    shippingPhoneNo: "555",
    shippingPostalCode: "1",
    shippingCountry: "FR",
    paymentIntentId,
    itemsPriceCents: 1,
    shippingPriceCents: 0,
    taxPriceCents: 0,
    totalPriceCents: 1,
  };
}
