import type { SQL } from "drizzle-orm";
import { engineOf } from "~/config.server";
import type { Queryable } from "./client.server";
import { openDatabase } from "./connection.server";
import * as pgRaw from "./dialect/pg/raw";
import * as sqliteRaw from "./dialect/sqlite/raw";
import { closePgDatabase, openPgDatabase, type PgConnection } from "./pg-connection.server";

// Another shop's database, as another process would reach it: an end-to-end test ageing a link in
// the shop it runs, the bench setting up and checking the books of the shop it measures. Importing
// this opens none of this process's own connections (client.server.ts opens those on import). The
// engine is the one `location` names, whatever this process's own DATABASE_URL says.

/** A connection of its own to another shop's database: what to query it through, and its close. */
export type ShopDatabase = { q: Queryable; close(): Promise<void> };

const onPostgres = new WeakSet<Queryable>();

/**
 * Opens the database of the shop at `location` (a SQLite file, or a postgres:// URL). Queries
 * through `q` are awaited builders or the raw `execute`/`rows` below; writes commit one statement
 * at a time. `readOnly` refuses writes on SQLite (a guard for readers; PostgreSQL ignores it).
 */
export function openShopDatabase(location: string, { readOnly = false } = {}): ShopDatabase {
  if (engineOf(location) === "pg") {
    const connection: PgConnection = openPgDatabase(location, { max: 4, applicationName: "shopit-tool" });
    const q = connection as unknown as Queryable;
    onPostgres.add(q);
    return { q, close: () => closePgDatabase(connection) };
  }
  const connection = openDatabase(location.replace(/^file:/, ""), { readOnly });
  // A plain close: checkpoints are the running shop's business.
  return { q: connection, close: async () => void connection.$client.close() };
}

/** How many rows a write changed, from its result (either engine). */
export const rowsAffected = (result: unknown): number =>
  typeof (result as { rowCount?: unknown }).rowCount === "number"
    ? pgRaw.rowsAffected(result)
    : sqliteRaw.rowsAffected(result);

/** Runs `query`, a statement that answers no rows, on a shop opened here; says how many rows it changed. */
export const execute = (q: Queryable, query: SQL): Promise<number> =>
  onPostgres.has(q) ? pgRaw.execute(q, query) : sqliteRaw.execute(q, query);

/** The rows `query` answers on a shop opened here, each an object keyed by the names of its columns. */
export const rows = <T>(q: Queryable, query: SQL): Promise<T[]> =>
  onPostgres.has(q) ? pgRaw.rows<T>(q, query) : sqliteRaw.rows<T>(q, query);
