import path from "node:path";
import { countersDb, db, writer, type Connection } from "./client.server";
import { closeConnection, migrate } from "./dialect";

/** Brings the database's tables up to date (drizzle/); the shop's own database unless told another. */
export async function migrateDatabase(connection: Connection = writer, migrationsFolder = path.resolve("drizzle")) {
  await migrate(connection, migrationsFolder);
}

/** For scripts that end (the bench's seeding, tests' child processes): the shop's connections, closed. */
export async function closeShopDatabase() {
  // The reader is a Connection too (client.server.ts): typed Db so that models cannot write through it.
  for (const connection of new Set([db as Connection, countersDb, writer])) await closeConnection(connection);
}
