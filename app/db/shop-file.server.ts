import type { SQL } from "drizzle-orm";
import { engineOf } from "../config.server";
import type { Queryable } from "./client.server";
import { openDatabase } from "./connection.server";
import * as pgRaw from "./dialect/pg/raw";
import * as sqliteRaw from "./dialect/sqlite/raw";
import { closePgDatabase, openPgDatabase } from "./pg-connection.server";

// Another shop's database, as another process would reach it: an end-to-end test ageing a link in
// the shop it runs, the bench setting up and checking the books of the shop it measures, a test
// standing in for another worker. Importing this opens none of this process's own connections
// (client.server.ts opens those on import). The engine is the other shop's, whatever this one runs.

/** A connection of its own to another shop's database: what to query it through, and its close. */
export type ShopDatabase = { q: Queryable; close(): Promise<void> };

/**
 * Opens the database of the shop at `location`: its SQLite file, or a postgres:// URL. Queries
 * through `q` are awaited builders or the raw `execute`/`rows` below; writes commit one statement
 * at a time.
 */
export function openShopDatabase(location: string, { readOnly = false } = {}): ShopDatabase {
  if (engineOf(location) === "pg") {
    const connection = openPgDatabase(location, { max: 2, applicationName: "shopit-other" });
    return { q: connection as unknown as Queryable, close: () => closePgDatabase(connection) };
  }
  const connection = openDatabase(location, { readOnly });
  return {
    q: connection,
    // A plain close: checkpoints are the running shop's business.
    close: async () => {
      connection.$client.close();
    },
  };
}

// SQLite's connections run statements with `run`; PostgreSQL's do not have it.
const rawOf = (q: Queryable) => ("run" in q && typeof q.run === "function" ? sqliteRaw : pgRaw);

/** Runs `query` through another shop's connection (either engine); says how many rows it changed. */
export const execute = (q: Queryable, query: SQL): Promise<number> => rawOf(q).execute(q, query);

/** The rows `query` answers through another shop's connection (either engine). */
export const rows = <T>(q: Queryable, query: SQL): Promise<T[]> => rawOf(q).rows<T>(q, query);

/** How many rows a write through another shop's connection (either engine) changed. */
export const rowsAffected = (result: unknown): number =>
  result !== null && typeof result === "object" && "rowCount" in result
    ? pgRaw.rowsAffected(result)
    : sqliteRaw.rowsAffected(result);
