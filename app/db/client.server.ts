import { config } from "~/config.server";
import { processWide } from "~/lib/process-wide.server";
import { closeConnection, openDatabase, type Connection } from "./connection.server";
import { closePgDatabase, openPgDatabase, type PgConnection } from "./pg-connection.server";

export { openDatabase, type Connection, openPgDatabase, type PgConnection };

/**
 * What models query through: drizzle's builders, awaited. Typed as SQLite's drizzle: on PostgreSQL
 * the same builder calls run on drizzle's node-postgres driver over the same tables (schema.pg.ts),
 * and what differs between the engines is in ./dialect. No transaction of its own: writes go
 * through commitTogether (app/db/commit.server.ts).
 */
export type Queryable = Omit<Connection, "$client" | "transaction">;

declare const inWriteTransaction: unique symbol;

/** An open write transaction (the body of commitTogether): what helpers that write take. */
export type Tx = Queryable & { readonly [inWriteTransaction]: true };

/** The read connection: it sees only what is committed, never a transaction's writes in progress. */
export type Db = Queryable;

/** A connection of either engine, for app/db's own use. */
export type AnyConnection = Connection | PgConnection;

type SqliteShop = { engine: "sqlite"; writer: Connection; reader: Connection; counters: Connection };
type PgShop = { engine: "pg"; pool: PgConnection };

function openShop(): SqliteShop | PgShop {
  if (config.databaseEngine === "pg") {
    return {
      engine: "pg",
      pool: openPgDatabase(config.databaseUrl, { max: config.databasePoolSize, servesTheShop: true }),
    };
  }
  // The connection every write transaction of this process runs on (the group commit owns it).
  // While a batch is open its uncommitted writes are visible there, so nothing else reads through it.
  const writer = openDatabase(config.databasePath);
  // An in-memory database cannot be opened twice: there the one connection serves all (nothing runs
  // beside an open batch then).
  const inMemory = config.databasePath === ":memory:";
  return {
    engine: "sqlite",
    writer,
    reader: inMemory ? writer : openDatabase(config.databasePath, { readOnly: true }),
    // The login and reset counts (app/models/platform/rate-limit.server.ts): shared by every process, not
    // kept through a power cut, so its commits skip the fsync (about 0.2 ms each instead of 4 ms
    // here; the next durable commit syncs them too).
    counters: inMemory ? writer : openDatabase(config.databasePath, { durable: false }),
  };
}

const shop = processWide("shopDatabase", openShop);

/** Something only one engine has, asked for on the other: fails loudly on any use. */
function onlyOn<T extends object>(engine: string, name: string): T {
  return new Proxy({} as T, {
    get() {
      throw new Error(`${name} is ${engine}'s; this shop's DATABASE_URL names the other engine.`);
    },
  });
}

/**
 * Reads outside a transaction: the committed state of the shop (SQLite: a read-only connection;
 * PostgreSQL: the pool, each read on whichever connection is free).
 */
export const db: Db = shop.engine === "pg" ? (shop.pool as unknown as Db) : shop.reader;

/** SQLite: the write connection, owned by the group commit (app/db/group-commit.server.ts). */
export const writer: Connection = shop.engine === "sqlite" ? shop.writer : onlyOn("SQLite", "The write connection");

/** SQLite: the no-fsync connection for the login and reset counts. PostgreSQL: the pool. */
export const countersDb: AnyConnection = shop.engine === "sqlite" ? shop.counters : shop.pool;

/** PostgreSQL: the shop's pool of connections. */
export const pgPool: PgConnection = shop.engine === "pg" ? shop.pool : onlyOn("PostgreSQL", "The pool");

/** For scripts that end (the bench's seeding, tests' child processes): this process's connections, closed. */
export async function closeShopDatabase() {
  if (shop.engine === "pg") return closePgDatabase(shop.pool);
  for (const connection of new Set([shop.reader, shop.counters, shop.writer])) await closeConnection(connection);
}
