import fs from "node:fs";
import path from "node:path";
import { count, getTableName, gt, is, sql, type AnyColumn } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import { databasePathFromUrl, engineOf } from "~/config.server";
import { closeConnection, openDatabase, type Connection } from "./connection.server";
import * as derivedPg from "./derived.pg";
import * as derivedSqlite from "./derived.sqlite";
import { migrate } from "./dialect/pg/maintenance";
import { closePgDatabase, openPgDatabase, type PgConnection } from "./pg-connection.server";
import * as schemaPg from "./schema.pg";
import * as schemaSqlite from "./schema.sqlite";

// `npm run db:copy -- <from> <to>` (db-copy.ts): a shop's SQLite file copied into an empty PostgreSQL
// database, in one transaction there, so that a copy that fails or does not check out leaves it empty.
// Rows go over in pages through drizzle's typed selects and inserts of the two schemas, which map the
// values (timestamps, booleans, JSON); the triggers that keep the derived tables are off while they
// do, and the derived tables are then written as the triggers would have left them.

/** A copy the shop refuses to make, and why, in one line (a wrong or unreachable URL, a target not empty…). */
export class CopyRefused extends Error {
  name = "CopyRefused";
}

export type CopyReport = {
  /** Every table's rows, in the SQLite file and in the PostgreSQL database after the copy. */
  tables: { name: string; source: number; target: number }[];
  /** The sum of orders.total_price_cents in both, and of order_totals.cents in the target. */
  totalCents: { source: number; target: number; orderTotals: number };
  /** The target's order totals, summed from the copied orders, are the file's (its rows that count orders). */
  orderTotalsMatch: boolean;
  /** Everything matched, and the copy was committed; otherwise the target was left empty. */
  ok: boolean;
};

export type CopyOptions = {
  /** The SQLite shop: a path or a file: URL. */
  from: string;
  /** The PostgreSQL database: postgres://… */
  to: string;
  /** Rows read and written at a time (at most what PostgreSQL's 65,535 parameters allow). */
  pageSize?: number;
  /** Progress, a line at a time. */
  log?: (line: string) => void;
};

type SqliteTable = SQLiteTable;

/** Tables every new shop's migrations fill with the specification's defaults (drizzle/pg/0010). */
export const SEEDED_BY_MIGRATIONS = new Set([
  "shipping_zones",
  "shipping_zone_countries",
  "shipping_methods",
  "tax_rates",
]);
type AnyPgTable = PgTable;

/** A URL with its password masked, for messages. */
function shown(url: string): string {
  if (!URL.canParse(url)) return url;
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}

/**
 * The first line of what went wrong: the driver's error under drizzle's "Failed query" (its cause),
 * and the first address's under node-postgres's AggregateError (no message of its own).
 */
export function reasonOf(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return reasonOf(error.errors[0]);
  if (error instanceof Error && error.cause instanceof Error) return reasonOf(error.cause);
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return (error.message || (typeof code === "string" ? code : error.name)).split("\n")[0];
  }
  return String(error).split("\n")[0];
}

/** The tables of a schema module, by name. */
function tablesOf<T extends typeof SQLiteTable | typeof PgTable>(
  module: object,
  kind: T,
): Map<string, InstanceType<T>> {
  const tables = new Map<string, InstanceType<T>>();
  for (const value of Object.values(module) as unknown[]) {
    if (is(value, kind)) tables.set(getTableName(value), value as InstanceType<T>);
  }
  return tables;
}

/** The SQLite shop's tables in foreign-key order: each after every table it references. */
function tablesInCopyOrder(): SqliteTable[] {
  const tables = [...tablesOf(schemaSqlite, SQLiteTable).values(), derivedSqlite.catalogueChanges];
  const ordered: SqliteTable[] = [];
  const visit = (table: SqliteTable) => {
    if (ordered.includes(table)) return;
    for (const foreignKey of getTableConfig(table).foreignKeys) {
      const referenced = foreignKey.reference().foreignTable;
      if (referenced !== table) visit(referenced);
    }
    ordered.push(table);
  };
  tables.forEach(visit);
  return ordered;
}

const pgTables = new Map([...tablesOf(schemaPg, PgTable), ...tablesOf(derivedPg, PgTable)]);

function pgTableFor(table: SqliteTable): AnyPgTable {
  const pgTable = pgTables.get(getTableName(table));
  if (!pgTable) throw new Error(`PostgreSQL's schema has no table ${getTableName(table)}`);
  return pgTable;
}

/** Opens the SQLite file, refusing a file that is missing, not SQLite, not a shop's, or of another version. */
function openSource(from: string): Connection {
  if (engineOf(from) === "pg") throw new CopyRefused(`The source must be the shop's SQLite file, not ${shown(from)}.`);
  const file = databasePathFromUrl(from);
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) throw new CopyRefused(`There is no file ${file}.`);
  let source: Connection;
  try {
    source = openDatabase(file, { readOnly: true });
  } catch (error) {
    throw new CopyRefused(`${file} is not a SQLite database (${reasonOf(error)}).`);
  }
  try {
    const journal = JSON.parse(fs.readFileSync(path.resolve("drizzle", "sqlite", "meta", "_journal.json"), "utf8")) as {
      entries: { when: number }[];
    };
    const latest = journal.entries.at(-1)!.when;
    const applied = source.$client.prepare("SELECT max(created_at) AS last FROM __drizzle_migrations").get() as {
      last: number | null;
    };
    if (applied.last === null || Number(applied.last) < latest) {
      throw new CopyRefused(
        `${file} was written by an older version of the shop: start this version on it once (it updates its tables), stop it, then copy.`,
      );
    }
    if (Number(applied.last) > latest) throw new CopyRefused(`${file} was written by a newer version of the shop.`);
    return source;
  } catch (error) {
    source.$client.close();
    if (error instanceof CopyRefused) throw error;
    throw new CopyRefused(`${file} is not a shop's database (${reasonOf(error)}).`);
  }
}

/** Opens and migrates the PostgreSQL database, refusing a wrong or unreachable URL. */
async function openTarget(to: string): Promise<PgConnection> {
  if (engineOf(to) !== "pg" || !URL.canParse(to)) {
    throw new CopyRefused(`The target must be a postgres:// or postgresql:// URL, not ${shown(to)}.`);
  }
  let target: PgConnection | undefined;
  try {
    target = openPgDatabase(to, { max: 1, applicationName: "shopit db:copy" });
    await target.execute(sql`SELECT 1`);
  } catch (error) {
    if (target) await closePgDatabase(target);
    throw new CopyRefused(`Cannot reach the PostgreSQL database ${shown(to)}: ${reasonOf(error)}.`);
  }
  try {
    await migrate(target, path.resolve("drizzle", "pg"));
    return target;
  } catch (error) {
    await closePgDatabase(target);
    throw new CopyRefused(`Cannot create the shop's tables in ${shown(to)}: ${reasonOf(error)}.`);
  }
}

type PgTx = Parameters<Parameters<PgConnection["transaction"]>[0]>[0];

/**
 * Copies one table's rows in pages of rowid order (every copied SQLite table has a rowid); returns
 * how many. The next page is read from the file while PostgreSQL writes the last one.
 */
async function copyTable(source: Connection, tx: PgTx, table: SqliteTable, pageSize: number): Promise<number> {
  const columns = Object.keys(getTableConfig(table).columns).length;
  const page = Math.max(1, Math.min(pageSize, Math.floor(60_000 / columns)));
  const target = pgTableFor(table);
  const rowid = sql<number>`_rowid_`;
  let after: number | null = null;
  let copied = 0;
  let writing: Promise<unknown> = Promise.resolve();
  for (;;) {
    const rows = await source
      .select({ row: table, rowid })
      .from(table)
      .where(after === null ? undefined : gt(rowid, after))
      .orderBy(rowid)
      .limit(page);
    await writing;
    if (rows.length === 0) return copied;
    writing = tx
      .insert(target)
      .values(rows.map((r) => r.row))
      .execute();
    copied += rows.length;
    after = rows.at(-1)!.rowid;
    if (rows.length < page) {
      await writing;
      return copied;
    }
  }
}

/** Every table's row count in both databases. */
async function countTables(source: Connection, tx: PgTx, tables: SqliteTable[]): Promise<CopyReport["tables"]> {
  const counts = [];
  for (const table of tables) {
    const [sourceCount] = await source.select({ n: count() }).from(table);
    const [targetCount] = await tx.select({ n: count() }).from(pgTableFor(table));
    counts.push({ name: getTableName(table), source: sourceCount.n, target: Number(targetCount.n) });
  }
  return counts;
}

/** Thrown inside the transaction to roll it back when the counts differ. */
class ChecksFailed extends Error {
  constructor(readonly report: CopyReport) {
    super("The counts differ.");
  }
}

/**
 * Copies the shop's SQLite database `from` into the empty PostgreSQL database `to` (migrating it
 * first), then checks every table's row count and the orders' money. Throws CopyRefused, with one
 * line saying why, when it cannot start; a report with `ok: false` when the checks fail (the target
 * is then left empty).
 */
export async function copyShopDatabase({
  from,
  to,
  pageSize = 5_000,
  log = () => {},
}: CopyOptions): Promise<CopyReport> {
  const source = openSource(from);
  let target: PgConnection | undefined;
  try {
    target = await openTarget(to);
    // One read transaction on the file: a snapshot, however the shop writes meanwhile.
    source.$client.exec("BEGIN");
    const tables = tablesInCopyOrder();
    const names = sql.join(
      [...tables.map(getTableName), "catalogue_version", "order_totals"].map((name) => sql.identifier(name)),
      sql`, `,
    );
    return await target.transaction(async (tx) => {
      // A million orders take longer than the pool's limits for one statement or a pause between two.
      await tx.execute(sql`SET LOCAL statement_timeout = 0`);
      await tx.execute(sql`SET LOCAL idle_in_transaction_session_timeout = 0`);
      // Nothing else writes the target meanwhile (a shop started on it too early waits).
      await tx.execute(sql`LOCK TABLE ${names} IN EXCLUSIVE MODE`);
      for (const table of tables) {
        if (SEEDED_BY_MIGRATIONS.has(getTableName(table))) continue;
        const [row] = await tx.select({ n: count() }).from(pgTableFor(table));
        if (Number(row.n) > 0) {
          throw new CopyRefused(
            `The target ${shown(to)} already holds a shop (${getTableName(table)} has rows): copy into an empty database.`,
          );
        }
      }
      // The catalogue's and the order totals' triggers stay quiet for the copied rows (foreign keys are
      // still checked): their tables are written below, once. ALTER TABLE is undone with a rollback.
      for (const table of tables) await tx.execute(sql`ALTER TABLE ${pgTableFor(table)} DISABLE TRIGGER USER`);
      // The file's own rules take the place of the defaults the migrations gave every new shop.
      for (const table of [...tables].reverse())
        if (SEEDED_BY_MIGRATIONS.has(getTableName(table))) await tx.delete(pgTableFor(table));
      for (const table of tables) {
        const copied = await copyTable(source, tx, table, pageSize);
        log(`${getTableName(table)}: ${copied.toLocaleString("en")} rows`);
      }
      for (const table of tables) await tx.execute(sql`ALTER TABLE ${pgTableFor(table)} ENABLE TRIGGER USER`);
      await writeDerivedTables(source, tx);
      await moveSequencesPastCopiedRows(tx);

      const report = await checkCopy(source, tx, tables);
      if (!report.ok) throw new ChecksFailed(report);
      return report;
    });
  } catch (error) {
    if (error instanceof ChecksFailed) return error.report;
    if (error instanceof CopyRefused) throw error;
    throw new CopyRefused(`The copy failed, and the target was left empty: ${reasonOf(error)}.`);
  } finally {
    if (source.$client.inTransaction) source.$client.exec("ROLLBACK");
    await closeConnection(source);
    if (target) await closePgDatabase(target);
  }
}

/**
 * The catalogue's version carries on from the file's (caches know versions only as newer or not);
 * the order totals are summed from the copied orders, as drizzle/pg's order-totals migration does,
 * and the catalogue's words counted (drizzle/pg/0004_search_words.sql).
 */
async function writeDerivedTables(source: Connection, tx: PgTx) {
  const [version] = await source.select().from(derivedSqlite.catalogueVersionRow);
  if (version) {
    await tx
      .update(derivedPg.catalogueVersionRow)
      .set({ version: version.version })
      .where(sql`${derivedPg.catalogueVersionRow.id} = ${version.id}`);
  }
  await tx.execute(sql`
    INSERT INTO order_totals (payment_status, currency, day, orders, cents)
    SELECT payment_status, currency, order_totals_day(paid_at), count(*), sum(total_price_cents) FROM orders GROUP BY 1, 2, 3`);
  await tx.execute(sql`SELECT search_words_rebuild()`);
}

/** The next order number follows the highest copied one, and every identity column its highest value. */
async function moveSequencesPastCopiedRows(tx: PgTx) {
  await tx.execute(
    sql`SELECT setval('order_number_seq', coalesce((SELECT max(order_number) FROM orders) + 1, 1001), false)`,
  );
  const identities = (
    await tx.execute(sql`
      SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND is_identity = 'YES'`)
  ).rows as { table_name: string; column_name: string }[];
  for (const { table_name: table, column_name: column } of identities) {
    const [name, col] = [sql.identifier(table), sql.identifier(column)];
    await tx.execute(
      sql`SELECT setval(pg_get_serial_sequence(${table}, ${column}), coalesce(max(${col}), 0) + 1, false) FROM ${name}`,
    );
  }
}

const sumOf = (column: AnyColumn) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

/** The order totals' rows that count orders, in key order (a row a status change emptied may stay at 0). */
async function orderTotalsOf(q: Pick<Connection, "select"> | Pick<PgTx, "select">, table: OrderTotalsTable) {
  const totals = await (q as Pick<Connection, "select">)
    .select()
    .from(table as typeof derivedSqlite.orderTotals)
    .where(gt(table.orders, 0));
  // Sorted here: the two engines' collations may order text differently.
  const key = (row: (typeof totals)[number]) => `${row.paymentStatus}\u0000${row.currency}\u0000${row.day}`;
  return totals.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}
type OrderTotalsTable = typeof derivedSqlite.orderTotals | typeof derivedPg.orderTotals;

async function checkCopy(source: Connection, tx: PgTx, tables: SqliteTable[]): Promise<CopyReport> {
  const counts = await countTables(source, tx, [...tables, derivedSqlite.catalogueVersionRow]);
  const sourceTotals = await orderTotalsOf(source, derivedSqlite.orderTotals);
  const targetTotals = await orderTotalsOf(tx, derivedPg.orderTotals);
  // The same days and sums, not only as many rows.
  const totalsMatch = JSON.stringify(sourceTotals) === JSON.stringify(targetTotals);
  counts.push({ name: "order_totals (rows with orders)", source: sourceTotals.length, target: targetTotals.length });
  const [sourceSum] = await source.select({ n: sumOf(schemaSqlite.orders.totalPriceCents) }).from(schemaSqlite.orders);
  const [targetSum] = await tx.select({ n: sumOf(schemaPg.orders.totalPriceCents) }).from(schemaPg.orders);
  const [totalsSum] = await tx.select({ n: sumOf(derivedPg.orderTotals.cents) }).from(derivedPg.orderTotals);
  const totalCents = { source: sourceSum.n, target: targetSum.n, orderTotals: totalsSum.n };
  const ok =
    totalsMatch &&
    counts.every((table) => table.source === table.target) &&
    totalCents.source === totalCents.target &&
    totalCents.target === totalCents.orderTotals;
  return { tables: counts, totalCents, orderTotalsMatch: totalsMatch, ok };
}

/** The report as a small table for the terminal. */
export function describeCopy(report: CopyReport): string {
  const rows = [
    ["table", "SQLite", "PostgreSQL", ""],
    ...report.tables.map((t) => [t.name, String(t.source), String(t.target), t.source === t.target ? "" : "DIFFERS"]),
    [
      "sum of orders.total_price_cents",
      String(report.totalCents.source),
      String(report.totalCents.target),
      report.totalCents.source === report.totalCents.target ? "" : "DIFFERS",
    ],
    [
      "sum of order_totals.cents",
      "",
      String(report.totalCents.orderTotals),
      report.totalCents.orderTotals === report.totalCents.target ? "" : "DIFFERS",
    ],
    ...(report.orderTotalsMatch ? [] : [["order_totals: the days or sums", "", "", "DIFFER"]]),
  ];
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i].length)));
  const lines = rows.map((r) =>
    [r[0].padEnd(widths[0]), r[1].padStart(widths[1]), r[2].padStart(widths[2]), r[3]].join("  ").trimEnd(),
  );
  lines.push(
    report.ok
      ? "Every count matches: the copy is committed."
      : "The counts differ: nothing was kept in the target (it is empty).",
  );
  return lines.join("\n");
}
