import path from "node:path";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import type { DB } from "./client.server";

export function migrateDatabase(db: DB, migrationsFolder = path.resolve("drizzle")) {
  migrate(db, { migrationsFolder });
}
