import { config } from "~/config.server";
import { processWide } from "~/lib/process-wide.server";
import { closeConnection, openDatabase, type Connection } from "./connection.server";

export { openDatabase, type Connection };

/**
 * What models query through: drizzle's builders, awaited. No engine's own handle, no transaction
 * of its own (writes go through commitTogether, app/db/group-commit.server.ts).
 */
export type Queryable = Omit<Connection, "$client" | "transaction">;

declare const inWriteTransaction: unique symbol;

/** An open write transaction (the body of commitTogether): what helpers that write take. */
export type Tx = Queryable & { readonly [inWriteTransaction]: true };

/** The read connection: it sees only what is committed, never a batch's writes in progress. */
export type Db = Queryable;

/**
 * The connection every write transaction of this process runs on (commitTogether owns it). While a
 * batch is open its uncommitted writes are visible here, which is why nothing else reads through it.
 */
export const writer: Connection = processWide("writer", () => openDatabase(config.databasePath));

/**
 * Reads outside a transaction: the committed state of the shop. An in-memory database cannot be
 * opened twice, so there the one connection serves both (nothing there runs beside an open batch).
 */
export const db: Db = processWide("reader", () =>
  config.databasePath === ":memory:" ? writer : openDatabase(config.databasePath, { readOnly: true }),
);

/**
 * The connection for the login and reset counts (app/models/rate-limit.server.ts): they must be
 * shared by every process, not kept through a power cut, so its commits skip the fsync (about
 * 0.2 ms each instead of 4 ms here; the next durable commit syncs them too).
 */
export const countersDb: Connection = processWide("counters", () =>
  config.databasePath === ":memory:" ? writer : openDatabase(config.databasePath, { durable: false }),
);

/** For scripts that end (the bench's seeding, tests' child processes): this process's connections, closed. */
export async function closeShopDatabase() {
  // The reader is a Connection too: typed Db so that models cannot write through it.
  for (const connection of new Set([db as Connection, countersDb, writer])) await closeConnection(connection);
}
