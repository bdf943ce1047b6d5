import Database from "better-sqlite3";
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { migrate as drizzleMigrate } from "drizzle-orm/better-sqlite3/migrator";
import { FIRST_ORDER_NUMBER } from "~/lib/order-number";
import type { Connection, Tx } from "../client.server";
import { orders } from "../schema";

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

/** How many rows a write (awaited insert, update or delete without RETURNING) changed. */
export const rowsAffected = (result: unknown): number => (result as { changes: number }).changes;

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

/** Closes a connection once its writes are folded into the database file (a script's last step). */
export async function closeConnection(connection: Connection): Promise<void> {
  if (!connection.$client.open) return;
  if (!connection.$client.readonly) connection.$client.pragma("wal_checkpoint(TRUNCATE)");
  connection.$client.close();
}
