import type { SQL } from "drizzle-orm";
import type { Queryable } from "../../client.server";
import type { PgConnection } from "../../pg-connection.server";

// SQL written out, run through a connection (PostgreSQL): for what has no builder of its own.

/** How many rows a write (awaited insert, update or delete without RETURNING) changed. */
export const rowsAffected = (result: unknown): number => (result as { rowCount: number | null }).rowCount ?? 0;

/** Runs `query`, a statement that answers no rows; says how many rows it changed. */
export async function execute(q: Queryable, query: SQL): Promise<number> {
  return rowsAffected(await (q as unknown as PgConnection).execute(query));
}

/** The rows `query` answers, each an object keyed by the names of its columns. */
export async function rows<T>(q: Queryable, query: SQL): Promise<T[]> {
  return (await (q as unknown as PgConnection).execute(query)).rows as T[];
}
