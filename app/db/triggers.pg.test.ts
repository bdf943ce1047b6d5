import { asc, eq, gt, sql } from "drizzle-orm";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import type pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { migratedPgDatabase, type PgTestDatabase } from "../../tests/unit/pg-database";
import { PAYMENT } from "~/lib/order-states";
import { CATALOGUE_TABLES, NOT_CATALOGUE_TABLES } from "./catalogue-tables";
import { catalogueChanges, catalogueVersionRow, orderTotals } from "./derived.pg";
import { productsSearch, SEARCH_CONFIG, searchWords, searchWordsVersion } from "./fts.pg";
import * as schema from "./schema.pg";

// PostgreSQL's triggers (drizzle/pg/0001, 0002): the catalogue's change log notes what SQLite's
// triggers note, its version moves once per transaction, at the commit, and the order totals follow
// the orders. And the search's generated column (drizzle/pg/0003), which the database keeps too.

const { orders, productImages, products, reviews, users } = schema;

let database: PgTestDatabase;
beforeAll(async () => {
  database = await migratedPgDatabase("triggers");
});
// A test that failed half-way leaves no connection taken nor transaction open (its locks would hang
// the next tests, the connection the pool's end): how to give each back.
const taken = new Map<pg.PoolClient, string>();
afterEach(async () => {
  for (const [client, undo] of taken) {
    await client.query(undo);
    client.release();
  }
  taken.clear();
});
afterAll(async () => {
  await database?.drop();
});

/** A connection of its own with a transaction open on it; a lock wait of over 2 s fails instead of hanging. */
async function openTransaction() {
  const client = await database.pool.connect();
  await client.query("SET lock_timeout = '2s'");
  await client.query("BEGIN");
  taken.set(client, "ROLLBACK");
  const end = async (how: "COMMIT" | "ROLLBACK") => {
    taken.delete(client);
    try {
      await client.query(how);
    } finally {
      client.release();
    }
  };
  return {
    tx: drizzle(client, { schema }),
    client,
    commit: () => end("COMMIT"),
    rollback: () => end("ROLLBACK"),
  };
}

async function newProduct(name = "Laptop"): Promise<string> {
  const [row] = await database.db
    .insert(products)
    .values({ name, description: "A test product.", priceCents: 1000, category: "Laptops", seller: "Acme" })
    .returning({ id: products.id });
  return row.id;
}

/** A connection or a transaction of the test database. */
type Q = NodePgDatabase<typeof schema>;

const versionNow = async (q: Q = database.db) =>
  (await q.select({ version: catalogueVersionRow.version }).from(catalogueVersionRow))[0].version;

/** The changes noted after version `from`, as the catalogue cache reads them. */
const changesAfter = async (from: number, q: Q = database.db) =>
  q
    .select({ version: catalogueChanges.version, productId: catalogueChanges.productId })
    .from(catalogueChanges)
    .where(gt(catalogueChanges.version, from))
    .orderBy(asc(catalogueChanges.id));

/** The versions notified on the channel catalogue_version from now on. */
async function listen() {
  const client = await database.pool.connect();
  const heard: string[] = [];
  client.on("notification", (n: pg.Notification) => {
    if (n.channel === "catalogue_version") heard.push(n.payload ?? "");
  });
  await client.query("LISTEN catalogue_version");
  taken.set(client, "UNLISTEN *");
  return {
    heard,
    /** What was heard once `count` notifications came (and a moment more, for any extra one). */
    after: async (count: number) => {
      for (let waited = 0; heard.length < count && waited < 2000; waited += 20)
        await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, 100));
      taken.delete(client);
      await client.query("UNLISTEN *");
      client.release();
      return heard;
    },
  };
}

describe("the catalogue version on PostgreSQL", () => {
  it("moves once, at the commit, for every change a transaction made, and notifies it", async () => {
    const [p1, p2] = [await newProduct(), await newProduct()];
    const before = await versionNow();
    const listener = await listen();

    const { tx, commit } = await openTransaction();
    await tx.update(products).set({ priceCents: 1500 }).where(eq(products.id, p1));
    await tx.update(products).set({ ratings: 4.5, numOfReviews: 2 }).where(eq(products.id, p2));
    // Nothing is noted, nor the version moved, before the commit: not even inside the transaction.
    expect(await versionNow(tx)).toBe(before);
    expect(await changesAfter(before, tx)).toEqual([]);
    expect(await versionNow()).toBe(before);
    await commit();

    expect(await versionNow()).toBe(before + 1);
    // A new price may touch any page (null); new ratings touch only their product.
    expect(await changesAfter(before)).toEqual([
      { version: before + 1, productId: null },
      { version: before + 1, productId: p2 },
    ]);
    expect(await listener.after(1)).toEqual([String(before + 1)]);
  });

  it("gives concurrent transactions distinct versions, in commit order, without either waiting before its commit", async () => {
    const [p1, p2] = [await newProduct(), await newProduct()];
    const before = await versionNow();

    const a = await openTransaction();
    const b = await openTransaction();
    await a.tx.update(products).set({ priceCents: 1200 }).where(eq(products.id, p1));
    // With a's change still open, b changes and commits: the version's row is not held by a yet.
    await b.tx.update(products).set({ ratings: 3 }).where(eq(products.id, p2));
    await b.commit();
    await a.tx.update(products).set({ stock: 7 }).where(eq(products.id, p1));
    await a.commit();

    expect(await versionNow()).toBe(before + 2);
    expect(await changesAfter(before)).toEqual([
      { version: before + 1, productId: p2 },
      { version: before + 2, productId: null },
      { version: before + 2, productId: null },
    ]);
  });

  it("notes nothing, and stays, for changes rolled back, and stays one version when the triggers run early", async () => {
    const p1 = await newProduct();
    const before = await versionNow();

    const undone = await openTransaction();
    await undone.tx.update(products).set({ priceCents: 1 }).where(eq(products.id, p1));
    await undone.rollback();
    const savepoint = await openTransaction();
    await savepoint.client.query("SAVEPOINT s");
    await savepoint.tx.update(products).set({ priceCents: 2 }).where(eq(products.id, p1));
    await savepoint.client.query("ROLLBACK TO SAVEPOINT s");
    await savepoint.commit();
    expect(await versionNow()).toBe(before);
    expect(await changesAfter(before)).toEqual([]);

    const early = await openTransaction();
    await early.tx.update(products).set({ priceCents: 3 }).where(eq(products.id, p1));
    await early.client.query("SET CONSTRAINTS ALL IMMEDIATE");
    await early.tx.update(products).set({ ratings: 5 }).where(eq(products.id, p1));
    await early.commit();
    expect(await versionNow()).toBe(before + 1);
    expect(await changesAfter(before)).toEqual([
      { version: before + 1, productId: null },
      { version: before + 1, productId: p1 },
    ]);
  });

  it("notes the products of pictures, reviews and a renamed reviewer, as SQLite's triggers do", async () => {
    const [p1, p2] = [await newProduct(), await newProduct()];
    const [user] = await database.db.insert(users).values({ name: "Ann", email: "ann@example.com" }).returning();
    const [loner] = await database.db.insert(users).values({ name: "Bob", email: "bob@example.com" }).returning();
    const step = async (change: () => Promise<unknown>) => {
      const before = await versionNow();
      await change();
      expect(await versionNow()).toBe(before + 1);
      return (await changesAfter(before)).map((c) => c.productId);
    };

    expect(
      await step(() =>
        database.db.insert(reviews).values([
          { productId: p1, userId: user.id, rating: 5, comment: "Good" },
          { productId: p2, userId: user.id, rating: 4, comment: "Fine" },
        ]),
      ),
    ).toEqual([p1, p2]);
    expect(await step(() => database.db.update(users).set({ name: "Ann B." }).where(eq(users.id, user.id)))).toEqual(
      expect.arrayContaining([p1, p2]),
    );
    expect(await step(() => database.db.update(users).set({ name: "Bob C." }).where(eq(users.id, loner.id)))).toEqual(
      [],
    );
    const [image] = await database.db.insert(productImages).values({ productId: p1, url: "/a.png" }).returning();
    expect(
      await step(() => database.db.update(productImages).set({ productId: p2 }).where(eq(productImages.id, image.id))),
    ).toEqual([p1, p2]);
    expect(await step(() => database.db.delete(productImages).where(eq(productImages.id, image.id)))).toEqual([p2]);
    expect(await step(() => database.db.delete(products).where(eq(products.id, p2)))).toEqual(
      expect.arrayContaining([null, p2]),
    );
    // A user's e-mail shows nowhere in the catalogue.
    const before = await versionNow();
    await database.db.update(users).set({ email: "ann.b@example.com" }).where(eq(users.id, user.id));
    expect(await versionNow()).toBe(before);
  });
});

/** A new unpaid order of 25.00, numbered by the sequence. */
const insertOrder = (q: Q) =>
  q.insert(orders).values({
    orderNumber: sql`nextval('order_number_seq')`,
    userName: "Ann",
    shippingAddress: "1 Main St",
    shippingCity: "Springfield",
    shippingPhoneNo: "555 0100",
    shippingPostalCode: "12345",
    shippingCountry: "US",
    itemsPriceCents: 2000,
    shippingPriceCents: 300,
    taxPriceCents: 200,
    totalPriceCents: 2500,
  });

describe("the order totals on PostgreSQL", () => {
  const totals = () =>
    database.db
      .select()
      .from(orderTotals)
      .where(gt(orderTotals.orders, 0))
      .orderBy(asc(orderTotals.paymentStatus), asc(orderTotals.day));

  it("follow an order's insert, payment and delete, by UTC day of payment", async () => {
    // A session far east of UTC: 23:30 UTC on 4 March is already 5 March there.
    const { tx, client, commit } = await openTransaction();
    await client.query("SET LOCAL TIME ZONE 'Pacific/Kiritimati'");
    const [order] = await insertOrder(tx).returning({ id: orders.id, orderNumber: orders.orderNumber });
    await commit();
    expect(order.orderNumber).toBe(1001);
    expect(await totals()).toEqual([
      { paymentStatus: PAYMENT.requiresPayment, currency: "USD", day: "", orders: 1, cents: 2500 },
    ]);

    const paying = await openTransaction();
    await paying.client.query("SET LOCAL TIME ZONE 'Pacific/Kiritimati'");
    await paying.tx
      .update(orders)
      .set({ paymentStatus: PAYMENT.succeeded, paidAt: new Date("2026-03-04T23:30:00Z") })
      .where(eq(orders.id, order.id));
    await paying.commit();
    expect(await totals()).toEqual([
      { paymentStatus: PAYMENT.succeeded, currency: "USD", day: "2026-03-04", orders: 1, cents: 2500 },
    ]);

    await database.db.update(orders).set({ orderStatus: "Shipped" }).where(eq(orders.id, order.id));
    expect(await totals()).toEqual([
      { paymentStatus: PAYMENT.succeeded, currency: "USD", day: "2026-03-04", orders: 1, cents: 2500 },
    ]);

    await database.db.delete(orders).where(eq(orders.id, order.id));
    expect(await totals()).toEqual([]);
  });

  it("let an order-then-stock commit and a stock-then-order commit run at once (the version's row is locked first)", async () => {
    const [p1, p2] = [await newProduct(), await newProduct()];
    const before = await versionNow();
    const checkout = await openTransaction();
    const cancel = await openTransaction();
    // The deferred triggers run at each statement here instead of at the commit, in the same order.
    for (const t of [checkout, cancel]) await t.client.query("SET CONSTRAINTS ALL IMMEDIATE");
    await insertOrder(checkout.tx);
    const cancelStock = Promise.resolve(cancel.tx.update(products).set({ stock: 5 }).where(eq(products.id, p2)));
    // The cancellation's stock change waits for the version's row, held by the checkout since its order.
    const waiting = async () => {
      const { rows } = await database.pool.query(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
      );
      return rows[0].n === 1;
    };
    let settled = false;
    void cancelStock.finally(() => (settled = true));
    while (!settled && !(await waiting())) await new Promise((r) => setTimeout(r, 10));
    await checkout.tx.update(products).set({ stock: 4 }).where(eq(products.id, p1));
    await checkout.commit();
    await cancelStock;
    await insertOrder(cancel.tx);
    await cancel.commit();

    expect(await versionNow()).toBe(before + 2);
    expect((await totals()).find((t) => t.paymentStatus === PAYMENT.requiresPayment)?.orders).toBe(2);
  });
});

describe("the search column on PostgreSQL", () => {
  it("weighs a word in the name, then category, seller, description, accents and case aside", async () => {
    const make = (name: string, category: "Cameras" | "Books", seller: string, description: string) =>
      database.db
        .insert(products)
        .values({ name, description, priceCents: 100, category, seller })
        .returning({ id: products.id });
    // "cameras" is in no other test's product (theirs are Laptops).
    const [[inName], [inCategory], [inSeller], [inDescription]] = [
      await make("Crème cameras stand", "Books", "Acme", "Wood."),
      await make("Stand", "Cameras", "Acme", "Wood."),
      await make("Stand", "Books", "Cameras Inc", "Wood."),
      await make("Stand", "Books", "Acme", "For CAMERAS."),
    ];
    const matching = (words: string) =>
      database.db
        .select({ id: productsSearch.id })
        .from(productsSearch)
        .where(sql`${productsSearch.search} @@ to_tsquery(${SEARCH_CONFIG}, shop_unaccent(lower(${words})))`)
        .orderBy(
          sql`ts_rank(${productsSearch.search}, to_tsquery(${SEARCH_CONFIG}, shop_unaccent(lower(${words})))) DESC`,
        );

    expect(await matching("cameras")).toEqual([inName, inCategory, inSeller, inDescription]);
    expect(await matching("CREME")).toEqual([inName]);
    expect(await matching("camer:*")).toHaveLength(4);
    // The column is not the products' own: select() never fetches it.
    const [row] = await database.db.select().from(products).where(eq(products.id, inName.id));
    expect(Object.keys(row)).not.toContain("search");
  });
});

describe("the catalogue's words on PostgreSQL", () => {
  /** search_words beside what ts_stat counts over every product's vector now: they must be equal. */
  const wordsAndStat = async () => {
    const kept = await database.db.select().from(searchWords).orderBy(asc(searchWords.word));
    const { rows: counted } = await database.pool.query<{ word: string; docs: number }>(
      "SELECT word, ndoc AS docs FROM ts_stat('SELECT search FROM products') ORDER BY word COLLATE \"C\"",
    );
    return { kept: kept.map((w) => [w.word, w.docs]), counted: counted.map((w) => [w.word, Number(w.docs)]) };
  };
  const wordsVersion = async () => (await database.db.select().from(searchWordsVersion))[0].version;

  it("count what ts_stat counts through inserts, edits, deletes and rollbacks, and move their version only with words", async () => {
    const first = await newProduct("Quokka lamp");
    const second = await newProduct("Quokka Numbat desk");
    let words = await wordsAndStat();
    expect(words.kept).toEqual(words.counted);
    expect(words.kept).toContainEqual(["quokka", 2]);
    expect(words.kept).toContainEqual(["numbat", 1]);

    const before = await wordsVersion();
    await database.db.update(products).set({ stock: 7, priceCents: 1234 }).where(eq(products.id, first));
    await database.db.update(products).set({ name: "Quokka lamp" }).where(eq(products.id, first));
    expect(await wordsVersion()).toBe(before);

    await database.db.update(products).set({ name: "Wombat desk", seller: "Émile" }).where(eq(products.id, second));
    expect(await wordsVersion()).toBeGreaterThan(before);
    words = await wordsAndStat();
    expect(words.kept).toEqual(words.counted);
    expect(words.kept).toContainEqual(["quokka", 1]);
    expect(words.kept.map(([word]) => word)).not.toContain("numbat");
    expect(words.kept).toContainEqual(["emile", 1]);

    const undone = await openTransaction();
    await undone.tx.delete(products).where(eq(products.id, first));
    await undone.rollback();
    await database.db.delete(products).where(eq(products.id, second));
    words = await wordsAndStat();
    expect(words.kept).toEqual(words.counted);
    expect(words.kept.map(([word]) => word)).not.toContain("wombat");
    expect(words.kept).toContainEqual(["quokka", 1]);
  });

  it("let two transactions add the same words at once, each counted", async () => {
    const a = await openTransaction();
    const b = await openTransaction();
    const insert = (tx: Q, name: string) =>
      tx.insert(products).values({ name, description: "Kakapo.", priceCents: 1, category: "Laptops", seller: "Acme" });
    await insert(a.tx, "Kakapo one");
    const waiting = insert(b.tx, "Kakapo two");
    await a.commit();
    await waiting;
    await b.commit();
    const words = await wordsAndStat();
    expect(words.kept).toEqual(words.counted);
    expect(words.kept).toContainEqual(["kakapo", 2]);
  });
});

// Coverage, as catalogue-triggers.sqlite.test.ts checks SQLite's: the live triggers move the version
// at the commit, and note the change, on every write to what catalogue pages show
// (app/db/catalogue-tables.ts).

type Trigger = {
  table: string;
  events: ("INSERT" | "UPDATE" | "DELETE" | "TRUNCATE")[];
  /** UPDATE OF these columns, or null for an update of any column. */
  columns: string[] | null;
  conditional: boolean;
  perRow: boolean;
  /** Deferred to the commit, so the version's row is taken last in the transaction. */
  deferred: boolean;
  body: string;
};

type TriggerRow = {
  table: string;
  type: number;
  columns: string[];
  conditional: boolean;
  deferred: boolean;
  body: string;
};

// pg_trigger.tgtype's bits (PostgreSQL's include/catalog/pg_trigger.h).
const ROW = 1;
const EVENTS = [
  [4, "INSERT"],
  [8, "DELETE"],
  [16, "UPDATE"],
  [32, "TRUNCATE"],
] as const;

const query = async <T>(text: string) => (await database.pool.query(text)).rows as T[];

/** The catalogue triggers as pg_trigger holds them (the migrations' CREATE TRIGGER statements). */
async function liveTriggers(): Promise<Trigger[]> {
  const found = await query<TriggerRow>(
    `SELECT c.relname AS "table", t.tgtype::integer AS "type",
          coalesce((SELECT array_agg(a.attname::text ORDER BY a.attnum) FROM pg_attribute a
                    WHERE a.attrelid = t.tgrelid AND a.attnum = any(t.tgattr::int2[])), '{}') AS "columns",
          t.tgqual IS NOT NULL AS "conditional",
          t.tgdeferrable AND t.tginitdeferred AS "deferred",
          p.prosrc AS "body"
        FROM pg_trigger t
        JOIN pg_class c ON c.oid = t.tgrelid
        JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = current_schema()
        JOIN pg_proc p ON p.oid = t.tgfoid
        WHERE NOT t.tgisinternal`,
  );
  return found.map((row) => ({
    table: row.table,
    events: EVENTS.filter(([bit]) => (row.type & bit) !== 0).map(([, event]) => event),
    columns: row.columns.length > 0 ? row.columns : null,
    conditional: row.conditional,
    perRow: (row.type & ROW) !== 0,
    deferred: row.deferred,
    body: row.body,
  }));
}

/** The function every catalogue trigger calls for the transaction's version: it must move the version. */
async function versionFunctionMoves(): Promise<boolean> {
  const [found] = await query<{ body: string }>(
    `SELECT prosrc AS "body" FROM pg_proc WHERE proname = 'catalogue_version_of_transaction'`,
  );
  return /UPDATE\s+catalogue_version\s+SET\s+version\s*=\s*version\s*\+\s*1/i.test(found?.body ?? "");
}

/** Whether a row trigger moves the version (deferred to the commit) and notes the change, every time it fires. */
const versions = (t: Trigger) =>
  t.perRow &&
  t.deferred &&
  !t.conditional &&
  /\bcatalogue_version_of_transaction\s*\(\s*\)/i.test(t.body) &&
  /INSERT\s+INTO\s+catalogue_changes\b/i.test(t.body);

/** What is not covered: "table EVENT" or "table UPDATE OF column". */
function uncovered(triggers: Trigger[]): string[] {
  const gaps: string[] = [];
  const bumping = triggers.filter(versions);
  for (const [table, shown] of Object.entries(CATALOGUE_TABLES)) {
    const on = (event: Trigger["events"][number]) =>
      bumping.filter((t) => t.table === table && t.events.includes(event));
    if (shown === "rows") {
      for (const event of ["INSERT", "DELETE"] as const) if (on(event).length === 0) gaps.push(`${table} ${event}`);
      if (!on("UPDATE").some((t) => t.columns === null)) gaps.push(`${table} UPDATE (of any column)`);
      // Emptying a table fires no row trigger: a statement trigger must note it.
      const noting = triggers.filter(
        (t) =>
          t.table === table &&
          t.events.includes("TRUNCATE") &&
          /\bcatalogue_version_of_transaction\s*\(\s*\)/i.test(t.body),
      );
      if (noting.length === 0) gaps.push(`${table} TRUNCATE`);
    } else {
      for (const column of shown.columns) {
        if (!on("UPDATE").some((t) => t.columns === null || t.columns.includes(column)))
          gaps.push(`${table} UPDATE OF ${column}`);
      }
    }
  }
  return gaps;
}

describe("the catalogue version's triggers on PostgreSQL", () => {
  it("move the version at the commit, and note the change, on every write to what catalogue pages show", async () => {
    expect(await versionFunctionMoves()).toBe(true);
    expect(uncovered(await liveTriggers())).toEqual([]);
  });

  it("are told apart from a missing, an early or a non-noting one", async () => {
    const triggers = await liveTriggers();
    const withoutReviewDelete = triggers.map((t) =>
      t.table === "reviews" && versions(t) ? { ...t, events: t.events.filter((e) => e !== "DELETE") } : t,
    );
    expect(uncovered(withoutReviewDelete)).toEqual(["reviews DELETE"]);
    const notDeferred = triggers.map((t) => (t.table === "users" ? { ...t, deferred: false } : t));
    expect(uncovered(notDeferred)).toEqual(["users UPDATE OF name"]);
    const withoutNoting = triggers.map((t) =>
      t.table === "products" && t.events.includes("UPDATE")
        ? { ...t, body: t.body.replace(/catalogue_changes/gi, "x") }
        : t,
    );
    expect(uncovered(withoutNoting)).toEqual(["products INSERT", "products DELETE", "products UPDATE (of any column)"]);
  });
});

describe("the list of catalogue tables on PostgreSQL", () => {
  it("names every table that refers to a product: shown in the catalogue, or why not", async () => {
    const referring = (
      await query<{ table: string }>(
        `SELECT DISTINCT c.relname AS "table"
              FROM pg_constraint k
              JOIN pg_class c ON c.oid = k.conrelid
              WHERE k.contype = 'f' AND k.confrelid = 'products'::regclass`,
      )
    ).map((row) => row.table);
    expect(referring.length).toBeGreaterThan(0);
    for (const table of referring)
      expect(table in CATALOGUE_TABLES || table in NOT_CATALOGUE_TABLES, `${table} refers to products`).toBe(true);
  });
});
