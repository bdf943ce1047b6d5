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
  /**
   * The shop's own pool (client.server.ts): its lost connections make the database unreachable for
   * the edge (503) and are logged once per outage. A tool's pool (db:copy, a test) says nothing: what
   * fails is its own to tell.
   */
  servesTheShop?: boolean;
};

// Whether the database server went away (a connection lost, or one that could not be made) and has
// not answered since: said in the log once when it is lost and once when it answers again, per
// process, not a stack per request. While it is away a query every second (the probe) finds out
// when it is back; only a probe that met no failure while it ran ends the outage, so that the
// stragglers of the restart (a connection refused as the server was starting) make no second one.
let unreachable = false;
let lostSince = 0;
let lastFailure = 0;
let probing = false;
const PROBE_MS = 1_000;

/**
 * Whether the PostgreSQL server is away for this process (the edge answers a failed request 503
 * then). A request that failed as it went away and is answered after it came back is told by its
 * own error (server-errors.server.ts).
 */
export const pgUnreachable = () => unreachable;

const CONNECTION_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "ENOTFOUND", "EHOSTUNREACH", "EPIPE"]);
const CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|is not queryable/i;

/** Whether `error` (or an error it was caused by) says the server could not be reached or went away (not that a query was wrong). */
export function isConnectionError(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 4; cause = (cause as Error).cause, depth++) {
    const { code, message } = cause as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (CONNECTION_CODES.has(code) || code.startsWith("08") || /^57P0[123]$/.test(code)))
      return true;
    if (typeof message === "string" && CONNECTION_MESSAGES.test(message)) return true;
  }
  return false;
}

/** The driver's words for why the connection was lost, in one line. */
function why(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const { code, message } = (cause ?? {}) as { code?: unknown; message?: unknown };
  return [code, message ?? String(cause)].filter((part) => typeof part === "string" && part).join(": ");
}

/** What a pool does when one of its connections is lost: notes it, and probes the server until it answers. */
type OnLost = (error: unknown) => void;

function lostBy(pool: pg.Pool, servesTheShop: boolean): OnLost {
  if (!servesTheShop) return () => {};
  // Not the pool's query as openPgDatabase wraps it, which a timer set in a transaction's body would refuse.
  const query = pool.query.bind(pool);
  const again = () => setTimeout(probe, PROBE_MS).unref();
  const probe = () => {
    const sent = Date.now();
    query("SELECT 1").then(
      () => (lastFailure < sent ? answered() : again()),
      () => (pool.ended ? (probing = false) : again()),
    );
  };
  return (error) => {
    lastFailure = Date.now();
    if (unreachable) return;
    unreachable = true;
    lostSince = lastFailure;
    console.error(`The database cannot be reached (${why(error)}): answering 503 until it answers again.`);
    if (probing) return;
    probing = true;
    again();
  };
}

function answered() {
  probing = false;
  unreachable = false;
  console.log(`The database answers again, after ${((Date.now() - lostSince) / 1000).toFixed(1)} s.`);
}

// The shop's pool: what a connection error met elsewhere is noted by.
let noteLost: OnLost | undefined;

/** Whether `error` says the database went away; if so it is noted (and logged once per outage). */
export function pgConnectionLost(error: unknown): boolean {
  if (!isConnectionError(error)) return false;
  noteLost?.(error);
  return true;
}

function watched<A extends unknown[], R>(what: string, onLost: OnLost, call: (...args: A) => Promise<R>) {
  return async (...args: A): Promise<R> => {
    refuseInsideTransaction(what);
    try {
      return await call(...args);
    } catch (error) {
      if (isConnectionError(error)) onLost(error);
      throw error;
    }
  };
}

/** A pool of connections to the PostgreSQL database at `url`; no connection is made until a query needs one. */
export function openPgDatabase(
  url: string,
  { max = 10, applicationName = "shopit", servesTheShop = false }: PgPoolOptions = {},
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
  const onLost = lostBy(pool, servesTheShop);
  if (servesTheShop) noteLost = onLost;
  // A connection the server dropped (a restart, a failover, pg_terminate_backend) is an event, not a
  // crash: the pool opens another on the next query. The pool listens to its idle connections only
  // (pg-pool takes its listener off a connection it lends), and a connection lent to a transaction
  // is told of its end between two queries too (the server's 57P01, or the socket's end): so each
  // connection has a listener of its own for its whole life. The query or transaction that needed
  // it fails, and the edge answers 503.
  pool.on("error", onLost);
  pool.on("connect", (client) => client.on("error", onLost));
  // Every query outside a transaction goes through pool.query, every transaction through pool.connect.
  pool.query = watched("A query", onLost, pool.query.bind(pool)) as typeof pool.query;
  pool.connect = watched("A transaction", onLost, pool.connect.bind(pool)) as typeof pool.connect;
  return drizzle(pool, { schema }) as PgConnection;
}

/**
 * Tells `onStatement` of each message `connection` sends the server from now on (a round trip each:
 * one query, or one simple query of several statements such as the COMMIT and the version read
 * after it), until the function returned is called. For a test that counts what a request costs
 * (tests/unit/round-trips.pg.test.ts): `onStatement` runs in the sender's async context, before the
 * message goes. Outside a transaction a statement is the pool's query; in one, its connection's
 * (BEGIN and COMMIT too). Nothing is wrapped until this is called.
 */
export function watchStatements(connection: PgConnection, onStatement: (text: string) => void): () => void {
  const pool = connection.$client;
  const { query, connect } = pool;
  const textOf = (sent: unknown) => (typeof sent === "string" ? sent : String((sent as { text?: unknown }).text));
  pool.query = ((...args: Parameters<typeof query>) => {
    onStatement(textOf(args[0]));
    return query(...args);
  }) as typeof pool.query;
  pool.connect = (async (...args: unknown[]) => {
    // pool.query's own checkout (with a callback): its statement is told above.
    if (args.length) return (connect as (...args: unknown[]) => unknown)(...args);
    const client = await connect();
    const clientQuery = client.query;
    const ownQuery = Object.hasOwn(client, "query");
    const release = client.release;
    client.query = ((...sent: Parameters<typeof clientQuery>) => {
      onStatement(textOf(sent[0]));
      return clientQuery.apply(client, sent);
    }) as typeof client.query;
    client.release = (...releaseArgs: Parameters<typeof release>) => {
      if (ownQuery) client.query = clientQuery;
      else Reflect.deleteProperty(client, "query");
      client.release = release;
      return release(...releaseArgs);
    };
    return client;
  }) as typeof pool.connect;
  return () => {
    pool.query = query;
    pool.connect = connect;
  };
}

/** Closes the pool's connections (a script's or a test's last step). */
export async function closePgDatabase(connection: PgConnection): Promise<void> {
  if (!connection.$client.ended) await connection.$client.end();
}
