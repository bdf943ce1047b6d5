import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { config } from "~/config.server";
import { processWide } from "~/lib/process-wide.server";
import * as schema from "./schema";

/** A drizzle connection to the shop's SQLite file, with its better-sqlite3 handle (app/db only). */
export type Connection = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

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

/** A connection to the shop's SQLite file; `durable: false` for counts that may be lost in a power cut. */
export function openDatabase(file: string, { durable = true, readOnly = false } = {}): Connection {
  if (file !== ":memory:") fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("foreign_keys = ON");
  // FULL: each commit is on disk before it returns (the WAL is synced at every commit), so a paid
  // order survives a power cut too; NORMAL would only survive a crash of the process. The cost, one
  // fsync per write transaction, is in docs/benchmarks.md (checkout).
  sqlite.pragma(`synchronous = ${durable ? "FULL" : "NORMAL"}`);
  // The read connection refuses writes, so a write that bypasses commitTogether fails loudly.
  if (readOnly) sqlite.pragma("query_only = ON");
  return drizzle(sqlite, { schema }) as Connection;
}

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
