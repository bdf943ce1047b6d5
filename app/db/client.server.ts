import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { config } from "~/config.server";
import * as schema from "./schema";

export type DB = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/** A transaction, or the database itself, for helpers that run inside or outside one. */
export type Tx = Parameters<Parameters<DB["transaction"]>[0]>[0] | DB;

/** A connection to the shop's SQLite file; `durable: false` for counts that may be lost in a power cut. */
export function openDatabase(file: string, { durable = true } = {}): DB {
  if (file !== ":memory:") fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("foreign_keys = ON");
  // FULL: each commit is on disk before it returns (the WAL is synced at every commit), so a paid
  // order survives a power cut too; NORMAL would only survive a crash of the process. The cost, one
  // fsync per write transaction, is in bench/RESULTS.md (checkout).
  sqlite.pragma(`synchronous = ${durable ? "FULL" : "NORMAL"}`);
  const db = drizzle(sqlite, { schema });
  // Several processes write this file (WEB_CONCURRENCY). A transaction that reads and then writes
  // must hold the write lock from its first statement: a deferred one that has read cannot wait for
  // the lock (busy_timeout does not apply to that upgrade) and fails with SQLITE_BUSY. So every
  // transaction starts IMMEDIATE unless it asks otherwise; they are all short.
  const transaction = db.transaction.bind(db);
  db.transaction = (run, options) => transaction(run, { behavior: "immediate", ...options });
  return db;
}

// One connection per process; kept on globalThis so dev-mode reloads reuse it.
const globalForDb = globalThis as unknown as { __shopDb?: DB; __shopCountersDb?: DB };

export const db: DB = (globalForDb.__shopDb ??= openDatabase(config.databasePath));

/**
 * The connection for the login and reset counts (app/models/rate-limit.server.ts): they must be
 * shared by every process, not kept through a power cut, so its commits skip the fsync (about
 * 0.2 ms each instead of 4 ms here; the next durable commit syncs them too).
 */
export function countersDb(): DB {
  if (config.databasePath === ":memory:") return db;
  return (globalForDb.__shopCountersDb ??= openDatabase(config.databasePath, { durable: false }));
}
