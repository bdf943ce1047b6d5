import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "./schema.pg";
import { refuseInsideTransaction } from "./transaction-scope.server";

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

// Whether the database server was unreachable at the last try of any pool of this process: set by a
// failure to connect or a connection lost, cleared by the next query that gets an answer.
let unreachable = false;

/** Whether this process's last try to reach the PostgreSQL server failed (the edge answers 503 then). */
export const pgUnreachable = () => unreachable;

const CONNECTION_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "ENOTFOUND", "EHOSTUNREACH", "EPIPE"]);

/** Whether `error` says the server could not be reached or went away (not that a query was wrong). */
export function isConnectionError(error: unknown): boolean {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const { code, message } = (cause ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === "string" && (CONNECTION_CODES.has(code) || code.startsWith("08") || /^57P0[123]$/.test(code)))
    return true;
  return (
    typeof message === "string" &&
    /Connection terminated|timeout exceeded when trying to connect|Query read timeout/i.test(message)
  );
}

function watched<A extends unknown[], R>(what: string, call: (...args: A) => Promise<R>) {
  return async (...args: A): Promise<R> => {
    refuseInsideTransaction(what);
    try {
      const result = await call(...args);
      unreachable = false;
      return result;
    } catch (error) {
      if (isConnectionError(error)) unreachable = true;
      throw error;
    }
  };
}

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
    // A server that stops answering mid-query (a network cut) fails the request too.
    query_timeout: 35_000,
    idle_in_transaction_session_timeout: 30_000,
  });
  // An idle connection the server dropped (a restart, a failover) is an event, not a crash: the pool
  // opens another on the next query.
  pool.on("error", () => {
    unreachable = true;
  });
  // Every query outside a transaction goes through pool.query, every transaction through pool.connect.
  pool.query = watched("A query", pool.query.bind(pool)) as typeof pool.query;
  pool.connect = watched("A transaction", pool.connect.bind(pool)) as typeof pool.connect;
  return drizzle(pool, { schema }) as PgConnection;
}

/** Closes the pool's connections (a script's or a test's last step). */
export async function closePgDatabase(connection: PgConnection): Promise<void> {
  if (!connection.$client.ended) await connection.$client.end();
}
