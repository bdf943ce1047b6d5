import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CATALOGUE_TABLES, NOT_CATALOGUE_TABLES } from "./catalogue-tables";
import { db } from "./client.server";
import { rows } from "./dialect";

// PostgreSQL's side of catalogue-triggers.sqlite.test.ts: the live triggers (pg_trigger, as the
// migrations in drizzle/pg made them) cover every write to what catalogue pages show. What they note
// is tested in triggers.pg.test.ts.

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

async function liveTriggers(): Promise<Trigger[]> {
  const found = await rows<TriggerRow>(
    db,
    sql`SELECT c.relname AS "table", t.tgtype::integer AS "type",
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
  const [found] = await rows<{ body: string }>(
    db,
    sql`SELECT prosrc AS "body" FROM pg_proc WHERE proname = 'catalogue_version_of_transaction'`,
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
      await rows<{ table: string }>(
        db,
        sql`SELECT DISTINCT c.relname AS "table"
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
