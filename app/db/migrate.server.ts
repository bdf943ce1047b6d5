import path from "node:path";
import { config } from "~/config.server";
import { pgPool, writer, type AnyConnection } from "./client.server";
import { migrate } from "./dialect";

/** Brings the database's tables up to date (drizzle/<engine>/); the shop's own database unless told another. */
export async function migrateDatabase(
  connection: AnyConnection = config.databaseEngine === "pg" ? pgPool : writer,
  migrationsFolder = path.resolve("drizzle", config.databaseEngine),
) {
  await migrate(connection, migrationsFolder);
}
