import path from "node:path";
import { writer, type Connection } from "./client.server";
import { migrate } from "./dialect";

/** Brings the database's tables up to date (drizzle/sqlite/); the shop's own database unless told another. */
export async function migrateDatabase(
  connection: Connection = writer,
  migrationsFolder = path.resolve("drizzle", "sqlite"),
) {
  await migrate(connection, migrationsFolder);
}
