import Database from "better-sqlite3";
import { migrate as drizzleMigrate } from "drizzle-orm/better-sqlite3/migrator";
import type { AnyConnection } from "../../client.server";
import type { Connection } from "../../connection.server";

export { closeConnection } from "../../connection.server";

// Start-up, scripts and backups: the engine's own tools, so that nothing outside app/db opens the
// database file itself.

/** Brings a database's tables up to date with the SQL migrations in `migrationsFolder` (drizzle/). */
export async function migrate(connection: AnyConnection, migrationsFolder: string): Promise<void> {
  drizzleMigrate(connection as Connection, { migrationsFolder });
}

/**
 * An online copy of the database file `source` into `target`, through SQLite's backup API, while
 * other processes go on writing; the copy is checked before this returns.
 */
export async function backup(source: string, target: string): Promise<void> {
  const sqlite = new Database(source, { fileMustExist: true });
  try {
    sqlite.pragma("busy_timeout = 5000");
    // All pages in one step, so in one read transaction: a consistent snapshot of every commit made
    // before it. In WAL mode the shop goes on writing meanwhile; a write between steps would make
    // SQLite start the copy again, which a busy shop could repeat forever.
    await sqlite.backup(target, { progress: () => 0x7fffffff });
  } finally {
    sqlite.close();
  }
  const copy = new Database(target, { fileMustExist: true });
  try {
    const check = copy.pragma("quick_check", { simple: true });
    if (check !== "ok") throw new Error(`The copy of the database failed its check: ${String(check)}`);
  } finally {
    copy.close();
  }
}
