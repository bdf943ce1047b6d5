import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { config } from "~/config.server";
import * as schema from "./schema";

export type DB = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/** A transaction, or the database itself, for helpers that run inside or outside one. */
export type Tx = Parameters<Parameters<DB["transaction"]>[0]>[0] | DB;

export function openDatabase(file: string): DB {
  if (file !== ":memory:") fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("foreign_keys = ON");
  // FULL: each commit is on disk before it returns (the WAL is synced at every commit), so a paid
  // order survives a power cut too; NORMAL would only survive a crash of the process. The cost, one
  // fsync per write transaction, is in bench/RESULTS.md (checkout).
  sqlite.pragma("synchronous = FULL");
  return drizzle(sqlite, { schema });
}

// One connection per process; kept on globalThis so dev-mode reloads reuse it.
const globalForDb = globalThis as unknown as { __shopDb?: DB };

export const db: DB = (globalForDb.__shopDb ??= openDatabase(config.databasePath));
