import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { addReview, createProduct, createUser } from "../../tests/unit/fixtures";
import { catalogueSitemap, footerPages, shownPage } from "~/models/content";
import {
  countKeywordMatches,
  firstImageUrls,
  getProduct,
  listProducts,
  relatedProducts,
  reviewsByProduct,
  suggestKeyword,
  listCategories,
} from "~/models/catalogue";
import { getShopSettings } from "~/models/settings";
import { pricingRules } from "~/models/pricing";
import { CATALOGUE_TABLES, DERIVED_CATALOGUE_TABLES, NOT_CATALOGUE_TABLES } from "./catalogue-tables";
import { db, writer, type Connection } from "./client.server";
import { commitTogether } from "./commit.server";
import { products } from "./schema";

// Every statement the read connection compiles from here on (drizzle prepares each query it runs,
// the dialect its own): installed before any catalogue reader runs, so none is missed.
const read = vi.spyOn((db as Connection).$client, "prepare");

type Trigger = {
  table: string;
  event: "INSERT" | "UPDATE" | "DELETE";
  columns: string[] | null;
  conditional: boolean;
  body: string;
};

/** The database's triggers as SQLite holds them (the migrations' CREATE TRIGGER statements). */
function liveTriggers(): Trigger[] {
  const rows = writer.$client.prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger'").pluck().all() as string[];
  return rows.map((sql) => {
    const head =
      /\b(?:AFTER|BEFORE|INSTEAD\s+OF)\s+(INSERT|UPDATE|DELETE)(?:\s+OF\s+(.+?))?\s+ON\s+[`"]?(\w+)[`"]?\s+(?:FOR\s+EACH\s+ROW\s+)?(WHEN\b.*?)?\bBEGIN\b(.*)\bEND\b/is.exec(
        sql,
      );
    if (!head) throw new Error(`Cannot read trigger: ${sql}`);
    const [, event, of, table, when, body] = head;
    const columns = of ? of.split(",").map((c) => c.trim().replace(/^[`"]|[`"]$/g, "")) : null;
    return { table, event: event.toUpperCase() as Trigger["event"], columns, conditional: Boolean(when), body };
  });
}

/** Whether a trigger moves the version and notes the change for the catalogue cache (drizzle/sqlite/0009), every time it fires. */
const versions = (t: Trigger) =>
  !t.conditional &&
  /UPDATE\s+catalogue_version\s+SET\s+version\s*=\s*version\s*\+\s*1/i.test(t.body) &&
  /INSERT\s+INTO\s+catalogue_changes\b/i.test(t.body);

/** What is not covered: "table EVENT" or "table UPDATE OF column". */
function uncovered(triggers: Trigger[]): string[] {
  const gaps: string[] = [];
  const bumping = triggers.filter(versions);
  for (const [table, shown] of Object.entries(CATALOGUE_TABLES)) {
    const on = (event: Trigger["event"]) => bumping.filter((t) => t.table === table && t.event === event);
    if (shown === "rows") {
      for (const event of ["INSERT", "DELETE"] as const) if (on(event).length === 0) gaps.push(`${table} ${event}`);
      if (!on("UPDATE").some((t) => t.columns === null)) gaps.push(`${table} UPDATE (of any column)`);
    } else {
      for (const column of shown.columns) {
        if (!on("UPDATE").some((t) => t.columns === null || t.columns.includes(column)))
          gaps.push(`${table} UPDATE OF ${column}`);
      }
    }
  }
  return gaps;
}

describe("the catalogue version's triggers", () => {
  it("move the version, and note the change, on every write to what catalogue pages show", () => {
    expect(uncovered(liveTriggers())).toEqual([]);
  });

  it("are told apart from a missing one", () => {
    const triggers = liveTriggers();
    const withoutReviewDelete = triggers.filter((t) => !(t.table === "reviews" && t.event === "DELETE" && versions(t)));
    expect(uncovered(withoutReviewDelete)).toEqual(["reviews DELETE"]);
    const withoutNoting = triggers.map((t) =>
      t.table === "products" && t.event === "UPDATE" ? { ...t, body: t.body.replace(/catalogue_changes/gi, "x") } : t,
    );
    expect(uncovered(withoutNoting)).toEqual(["products UPDATE (of any column)"]);
  });
});

describe("the list of catalogue tables", () => {
  it("names every table that refers to a product: shown in the catalogue, or why not", () => {
    const tables = writer.$client
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
      .pluck()
      .all() as string[];
    const referring = tables.filter((table) =>
      (
        writer.$client.prepare('SELECT "table" FROM pragma_foreign_key_list(?)').pluck().all(table) as string[]
      ).includes("products"),
    );
    expect(referring.length).toBeGreaterThan(0);
    for (const table of referring)
      expect(table in CATALOGUE_TABLES || table in NOT_CATALOGUE_TABLES, `${table} refers to products`).toBe(true);
  });

  it("holds every table the catalogue's readers read, and only the listed columns of a table listed by columns", async () => {
    const productId = await createProduct({ name: "Trail shoe", category: "Sports", images: 2 });
    await createProduct({ name: "Road shoe", category: "Sports" });
    await addReview(productId, await createUser("Reviewer"), 4, "Grippy");
    const url = "https://shop.example.com";
    // Every reader behind the cached catalogue pages, the product API and the sitemap, in each of its shapes.
    await listProducts({ page: 1 });
    await listProducts({ page: 1, keyword: "trail" });
    await listProducts({
      page: 1,
      keyword: "shoe",
      category: "Sports",
      priceGteCents: 1,
      priceLteCents: 1_000_000,
      ratingsGte: 1,
      sort: "rating",
    });
    await listProducts({ page: 1, category: "Sports", sort: "price-asc" });
    await countKeywordMatches("road");
    await getProduct(productId);
    await relatedProducts({ id: productId, category: "Sports" });
    await reviewsByProduct([productId]);
    await firstImageUrls([productId]);
    await suggestKeyword("trial");
    await catalogueSitemap(url, "root");
    await getShopSettings();
    await footerPages();
    await shownPage("contact");
    await listCategories();
    await pricingRules();
    // A kept answer checked against the changes since (the cache's own read).
    await commitTogether((tx) => tx.update(products).set({ ratings: 5 }).where(eq(products.id, productId)));
    await getProduct(productId);

    const statements = read.mock.calls.map(([sql]) => String(sql));
    const known = new Set([
      ...(writer.$client.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[]),
      "products_fts_vocab",
    ]);
    const readTables = new Set(
      statements.flatMap((sql) => [...sql.matchAll(/"(\w+)"/g)].map((m) => m[1]).filter((name) => known.has(name))),
    );

    const allowed = new Set([...Object.keys(CATALOGUE_TABLES), ...DERIVED_CATALOGUE_TABLES]);
    expect([...readTables].filter((table) => !allowed.has(table))).toEqual([]);
    // The readers above did reach every listed table (so the check saw them all at work).
    expect(Object.keys(CATALOGUE_TABLES).filter((table) => !readTables.has(table))).toEqual([]);

    for (const [table, shown] of Object.entries(CATALOGUE_TABLES)) {
      if (shown === "rows") continue;
      const keys = writer.$client
        .prepare("SELECT name FROM pragma_table_info(?) WHERE pk > 0")
        .pluck()
        .all(table) as string[];
      for (const sql of statements.filter((s) => s.includes(`"${table}"`))) {
        const columns = [...sql.matchAll(new RegExp(`"${table}"\\."(\\w+)"`, "g"))].map((m) => m[1]);
        expect(columns.length, `a statement reads ${table} without naming its columns: ${sql}`).toBeGreaterThan(0);
        expect(
          columns.filter((c) => !shown.columns.includes(c) && !keys.includes(c)),
          sql,
        ).toEqual([]);
      }
    }
  });
});
