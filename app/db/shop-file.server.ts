import type { Queryable } from "./client.server";
import { openDatabase } from "./connection.server";

export { execute, rows, rowsAffected } from "./dialect/sqlite/raw";

// Another shop's database, as another process would reach it: an end-to-end test ageing a link in
// the shop it runs, the bench setting up and checking the books of the shop it measures. Importing
// this opens none of this process's own connections (client.server.ts opens those on import).

/** A connection of its own to another shop's database: what to query it through, and its close. */
export type ShopDatabase = { q: Queryable; close(): Promise<void> };

/**
 * Opens the database of the shop at `location` (its file; a URL once PostgreSQL is in). Queries
 * through `q` are awaited builders or the raw `execute`/`rows`; writes commit one statement at a time.
 */
export function openShopDatabase(location: string, { readOnly = false } = {}): ShopDatabase {
  const connection = openDatabase(location, { readOnly });
  return {
    q: connection,
    // A plain close: checkpoints are the running shop's business.
    close: async () => {
      connection.$client.close();
    },
  };
}
