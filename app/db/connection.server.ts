import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import * as schema from "./schema.sqlite";

// Opening a database, apart from client.server.ts's connections of this shop: importing this opens
// nothing, so a test or the bench can reach another process's shop (app/db/shop-file.server.ts).

/** A drizzle connection to the shop's SQLite file, with its better-sqlite3 handle (app/db only). */
export type Connection = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

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

/** Closes a connection once its writes are folded into the database file (a script's last step). */
export async function closeConnection(connection: Connection): Promise<void> {
  if (!connection.$client.open) return;
  if (!connection.$client.readonly) connection.$client.pragma("wal_checkpoint(TRUNCATE)");
  connection.$client.close();
}
