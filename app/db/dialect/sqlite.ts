import Database from "better-sqlite3";
import type { Statement } from "better-sqlite3";
import { asc, eq, lt, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { migrate as drizzleMigrate } from "drizzle-orm/better-sqlite3/migrator";
import { RateLimiterSQLite, type RateLimiterAbstract } from "rate-limiter-flexible";
import { searchWords } from "~/lib/search-words";
import { FIRST_ORDER_NUMBER } from "~/lib/order-number";
import { countersDb, db, type Connection, type Queryable, type Tx } from "../client.server";
import { catalogueVersionRow } from "../derived";
import { productsFts, productsFtsVocab } from "../fts";
import { orders, rateLimits } from "../schema";
import { rowsAffected } from "./sqlite-raw";

export { closeConnection } from "../connection.server";
export * from "./sqlite-raw";

// The SQLite half of the dialect: every piece of SQL, and every reading of a driver's answer, that
// differs between database engines. Models call these; they hold no engine-specific SQL themselves.

/** `column IN (the list)`, the list one parameter (see listParam), so that one prepared statement serves any length. */
export const inList = (column: SQLWrapper, list: SQLWrapper | string) =>
  sql`${column} in (select value from json_each(${list}))`;

/** A list of values as the one parameter inList takes. */
export const listParam = (values: readonly (string | number)[]): string => JSON.stringify(values);

/** `column` contains `text`, case-insensitively (ASCII), the user's % and _ taken literally. */
export function containsText(column: SQLWrapper, text: string): SQL {
  const pattern = `%${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
  return sql`${column} LIKE ${pattern} ESCAPE '\\'`;
}

/** Whether `error` is the database refusing a duplicate of a unique key (`on`: "table.column", to name which). */
export function isUniqueViolation(error: unknown, on?: string): boolean {
  if (!(error instanceof Error) || (error as { code?: unknown }).code !== "SQLITE_CONSTRAINT_UNIQUE") return false;
  return on === undefined || error.message.includes(on);
}

/** Whether `error` says the database was locked by another writer for too long. */
export const isBusy = (error: unknown) => (error as { code?: unknown } | null)?.code === "SQLITE_BUSY";

/**
 * Locks the rows a transaction is about to read and then write, until it ends. A no-op on SQLite:
 * every write transaction holds the whole database's write lock from its first statement.
 */
export async function lockRows(_tx: Tx, _table: SQLWrapper, _ids: readonly string[]): Promise<void> {}

/** A lock on a name, held until the transaction ends (start-up's migrations and seed). A no-op on SQLite, as lockRows. */
export async function lockName(_tx: Tx, _name: string): Promise<void> {}

/**
 * The next order number, as an expression evaluated inside the INSERT itself: reading the highest
 * number and writing the next one is one statement under the write lock, so two checkouts (even
 * from two processes) never get the same number. The unique index makes it a rule of the database.
 */
export const nextOrderNumber = () =>
  sql<number>`(SELECT COALESCE(MAX(${orders.orderNumber}) + 1, ${FIRST_ORDER_NUMBER}) FROM ${orders})`;

// Full-text search of the catalogue: an FTS5 index over products (drizzle/0001, app/db/fts.ts), its
// rowid the product's seq, accent- and case-insensitive (unicode61 remove_diacritics 2).

/**
 * What a shopper typed as a full-text query (textMatch's argument): every word must match, and the
 * last word matches as a prefix so that "macb" finds "MacBook". Null when the text holds no word.
 */
export function textQuery(keyword: string, maxTerms = 12): string | null {
  const words = searchWords(keyword);
  if (words.length === 0) return null;
  const terms = words.slice(0, maxTerms);
  // Words hold only letters and digits, so quoting them cannot break out of the expression.
  return terms.map((w, i) => (i === terms.length - 1 ? `"${w}"*` : `"${w}"`)).join(" ");
}

/** The rows of the full-text index that match `query` (textQuery's answer, or a placeholder for it). */
export const textMatch = (query: SQLWrapper | string) => sql`${productsFts} MATCH ${query}`;

/** ORDER BY term for textMatch's rows: the best match first (a hit in the name weighs most). */
export const textRank = () => asc(productsFts.rank);

/**
 * Every word of the full-text index, with how many products hold it: an fts5vocab table over the
 * index in the connection's temp schema (no migration needed), made on the first call. The read
 * connection refuses writes (query_only), to its temp schema too, so it is let make that table alone.
 */
export async function searchVocabulary(q: Queryable = db): Promise<{ term: string; docs: number }[]> {
  const sqlite = (q as Connection).$client;
  const queryOnly = sqlite.pragma("query_only", { simple: true });
  sqlite.pragma("query_only = OFF");
  try {
    sqlite.exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.products_fts_vocab USING fts5vocab(main, products_fts, row)");
  } finally {
    sqlite.pragma(`query_only = ${queryOnly}`);
  }
  return q.select({ term: productsFtsVocab.term, docs: productsFtsVocab.doc }).from(productsFtsVocab);
}

const versionStatements = new WeakMap<Queryable, Statement<unknown[], number>>();

/**
 * The catalogue's version as the read connection sees it, synchronously: the one check on every
 * cache hit, one indexed read of a one-row table kept compiled (a few microseconds).
 */
export function catalogueVersion(): number {
  let statement = versionStatements.get(db);
  if (statement === undefined) {
    const query = db.select({ version: catalogueVersionRow.version }).from(catalogueVersionRow).where(eq(catalogueVersionRow.id, 1)).toSQL();
    statement = (db as Connection).$client.prepare<unknown[], number>(query.sql).pluck();
    statement.bind(...query.params);
    versionStatements.set(db, statement);
  }
  return statement.get() ?? 0;
}

// Start-up, scripts and backups: the engine's own tools, so that nothing outside app/db opens the
// database file itself.

/** Brings a database's tables up to date with the SQL migrations in `migrationsFolder` (drizzle/). */
export async function migrate(connection: Connection, migrationsFolder: string): Promise<void> {
  drizzleMigrate(connection, { migrationsFolder });
}

/**
 * An online copy of the database file `source` into `target`, through SQLite's backup API, while
 * other processes go on writing; the copy is checked before this returns.
 */
export async function backup(source: string, target: string): Promise<void> {
  const sqlite = new Database(source, { fileMustExist: true });
  try {
    sqlite.pragma("busy_timeout = 5000");
    // All pages in one step, so in one read transaction: a consistent snapshot of every commit made
    // before it. In WAL mode the shop goes on writing meanwhile; a write between steps would make
    // SQLite start the copy again, which a busy shop could repeat forever.
    await sqlite.backup(target, { progress: () => 0x7fffffff });
  } finally {
    sqlite.close();
  }
  const copy = new Database(target, { fileMustExist: true });
  try {
    const check = copy.pragma("quick_check", { simple: true });
    if (check !== "ok") throw new Error(`The copy of the database failed its check: ${String(check)}`);
  } finally {
    copy.close();
  }
}


/**
 * Where the login and reset limits count (app/models/rate-limit.server.ts): the rate_limits table,
 * through `on`, by default the counters' connection (shared by every process, its commits without
 * an fsync). `counter` is one limit (rate-limiter-flexible: one atomic UPSERT per change);
 * `sweepExpired` deletes the counts whose window ended before `nowMs` and says how many.
 */
export function rateLimiterStore(on: Connection = countersDb) {
  return {
    counter: (keyPrefix: string, points: number, durationSeconds: number): RateLimiterAbstract =>
      new RateLimiterSQLite({
        storeClient: on.$client,
        storeType: "better-sqlite3",
        tableName: "rate_limits",
        // Made by the migrations; expired counts are swept by the primary (sweepExpired).
        tableCreated: true,
        clearExpiredByTimeout: false,
        keyPrefix,
        points,
        duration: durationSeconds,
      }),
    sweepExpired: async (nowMs: number): Promise<number> => rowsAffected(await on.delete(rateLimits).where(lt(rateLimits.expire, nowMs))),
  };
}

export type RateLimiterStore = ReturnType<typeof rateLimiterStore>;
