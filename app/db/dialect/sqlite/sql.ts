import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { FIRST_ORDER_NUMBER } from "~/lib/order-number";
import type { Tx } from "../../client.server";
import { orders } from "../../schema";

// Conditions, errors and locks: the pieces of SQL the models build queries with.

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

/** A select whose rows stay locked until the transaction ends (see lockRows): the select itself on SQLite. */
export const lockedRead = <Select>(select: Select): Select => select;

/** A lock on a name, held until the transaction ends (start-up's migrations and seed). A no-op on SQLite, as lockRows. */
export async function lockName(_tx: Tx, _name: string): Promise<void> {}

/**
 * The next order number, as an expression evaluated inside the INSERT itself: reading the highest
 * number and writing the next one is one statement under the write lock, so two checkouts (even
 * from two processes) never get the same number. The unique index makes it a rule of the database.
 */
export const nextOrderNumber = () =>
  sql<number>`(SELECT COALESCE(MAX(${orders.orderNumber}) + 1, ${FIRST_ORDER_NUMBER}) FROM ${orders})`;

/**
 * A placeholder for a timestamp column, given as epoch milliseconds (or null). A plain placeholder
 * inside `.set()` or `.values()` goes through its column's own conversion, which refuses null.
 */
export const msPlaceholder = (name: string) => sql`${sql.placeholder(name)}`;

/**
 * Runs `work` while holding a lock named `name` that every process of the shop respects. On SQLite
 * the shop is one machine whose primary process alone runs what needs this (start-up), so it runs.
 */
export async function whileHolding<T>(_name: string, work: () => Promise<T>): Promise<T> {
  return work();
}

/** Whether the database server could not be reached at the last try: never, for a file. */
export const databaseUnreachable = (): boolean => false;

/** Whether `error` says the database server went away: never, for a file. */
export const databaseGone = (_error: unknown): boolean => false;

/** Why the database cannot be used, in one line: a SQLite file is opened as it is (its folder is checked at start). */
export async function whyUnreachable(): Promise<string | null> {
  return null;
}
