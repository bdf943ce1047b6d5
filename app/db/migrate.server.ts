import path from "node:path";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { writer, type Connection } from "./client.server";

/** Brings the database's tables up to date (drizzle/); the shop's own database unless told another. */
export function migrateDatabase(connection: Connection = writer, migrationsFolder = path.resolve("drizzle")) {
  migrate(connection, { migrationsFolder });
}
