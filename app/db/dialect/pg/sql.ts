import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Tx } from "../../client.server";
import { execute } from "./raw";

// Conditions and locks: the pieces of SQL the models build queries with (PostgreSQL).

export { isBusy, isUniqueViolation } from "./errors";

/** `column IN (the list)`, the list one parameter (an array, see listParam), so that one prepared statement serves any length. */
export const inList = (column: SQLWrapper, list: SQLWrapper | string) =>
  // A list given as a value (listParam's array) is one parameter; a template would spread its items.
  sql`${column} = any(${Array.isArray(list) ? sql.param(list) : list})`;

/** A list of values as the one parameter inList takes: a PostgreSQL array (typed as SQLite's JSON text). */
export const listParam = (values: readonly (string | number)[]): string => [...values] as unknown as string;

/** `column` contains `text`, case-insensitively, the user's % and _ taken literally. */
export function containsText(column: SQLWrapper, text: string): SQL {
  const pattern = `%${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
  return sql`${column} ILIKE ${pattern} ESCAPE '\\'`;
}

/**
 * Locks the rows of `table` with these ids against other transactions' writes and locks until this
 * one ends: what it reads next stays as read until it writes. In id order, so that two transactions
 * locking overlapping rows queue instead of deadlocking.
 */
export async function lockRows(tx: Tx, table: SQLWrapper, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await execute(
    tx,
    sql`SELECT 1 FROM ${table} WHERE "id" = any(${sql.param([...ids].sort())}) ORDER BY "id" FOR UPDATE`,
  );
}

/**
 * A select of one table whose rows stay locked until the transaction ends (FOR UPDATE): one round
 * trip where lockRows and a second read take two. Under READ COMMITTED a row another transaction
 * changed meanwhile is waited for, then read as committed and checked against the WHERE again, so a
 * row moved out of it (a cart adopted at sign-in, an order paid) is not returned.
 */
export const lockedRead = <Select>(select: Select): Select =>
  (select as unknown as { for(strength: "update"): Select }).for("update");

/** A lock on a name, held until the transaction ends, across every node (start-up's migrations and seed). */
export async function lockName(tx: Tx, name: string): Promise<void> {
  await execute(tx, sql`SELECT pg_advisory_xact_lock(hashtext(${name}))`);
}

/** The next order number: from a sequence that starts at 1001 (drizzle/pg), never given twice. */
export const nextOrderNumber = () => sql<number>`nextval('order_number_seq')::integer`;

/** A placeholder for a timestamp column, given as epoch milliseconds (or null). */
export const msPlaceholder = (name: string) => sql`to_timestamp(${sql.placeholder(name)}::float8 / 1000)`;

/** Whether this process's last try to reach the server failed, or one did a moment ago (the edge answers 503 meanwhile). */
export { pgUnreachable as databaseUnreachable } from "../../pg-connection.server";

/** Whether `error` says the server went away (a restart, a failover, a network cut); noted and logged once per outage. */
export { pgConnectionLost as databaseGone } from "../../pg-connection.server";
