import type { SQL } from "drizzle-orm";
import type { Connection, Queryable } from "../../client.server";

// SQL written out, run through a connection: for what has no builder of its own (a migration test
// filling an old schema, a BEGIN held open, a pragma) and for tools that read another process's shop
// (app/db/shop-file.server.ts). Kept apart from ./sqlite.ts, which opens this shop's connections.

/** How many rows a write (awaited insert, update or delete without RETURNING) changed. */
export const rowsAffected = (result: unknown): number => (result as { changes: number }).changes;

/** Runs `query`, a statement that answers no rows; says how many rows it changed. */
export async function execute(q: Queryable, query: SQL): Promise<number> {
  return rowsAffected((q as Connection).run(query));
}

/** The rows `query` answers, each an object keyed by the names of its columns. */
export async function rows<T>(q: Queryable, query: SQL): Promise<T[]> {
  return (q as Connection).all<T>(query);
}
