import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "./schema.pg";

// Opening a PostgreSQL database, apart from client.server.ts's pool of this shop: importing this opens
// nothing, so a test, a script or the bench can reach another shop's database.

/** A drizzle connection over a pool of PostgreSQL connections, with its pool (app/db only). */
export type PgConnection = NodePgDatabase<typeof schema> & { $client: pg.Pool };

// node-postgres hands 64-bit integers and numerics over as strings (they may not fit a double); the
// shop's counts and sums of cents always do, and SQLite gives numbers for them: so numbers here too.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

export type PgPoolOptions = {
  /** Connections this process may hold open at once. */
  max?: number;
  /** What the pool's connections say they are in pg_stat_activity. */
  applicationName?: string;
};

/** A pool of connections to the PostgreSQL database at `url`; no connection is made until a query needs one. */
export function openPgDatabase(
  url: string,
  { max = 10, applicationName = "shopit" }: PgPoolOptions = {},
): PgConnection {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    application_name: applicationName,
    // A database that does not answer fails the request instead of hanging it.
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    statement_timeout: 30_000,
    idle_in_transaction_session_timeout: 30_000,
  });
  // An idle connection the server dropped (a restart, a failover) is an event, not a crash: the pool
  // opens another on the next query.
  pool.on("error", () => {});
  return drizzle(pool, { schema }) as PgConnection;
}

/** Closes the pool's connections (a script's or a test's last step). */
export async function closePgDatabase(connection: PgConnection): Promise<void> {
  if (!connection.$client.ended) await connection.$client.end();
}
