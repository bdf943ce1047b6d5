import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { migrate as drizzleMigrate } from "drizzle-orm/node-postgres/migrator";
import type { AnyConnection } from "../../client.server";
import { closePgDatabase, type PgConnection } from "../../pg-connection.server";
import { stopFollowingCatalogueVersion } from "./catalogue-version";

const run = promisify(execFile);

// Start-up, scripts and backups on PostgreSQL: the server's own tools.

/** Brings a database's tables up to date with the SQL migrations in `migrationsFolder` (drizzle/pg). */
export async function migrate(connection: AnyConnection, migrationsFolder: string): Promise<void> {
  await drizzleMigrate(connection as PgConnection, { migrationsFolder });
}

/**
 * A consistent copy of the database at the URL `source` into the file `target`, taken by pg_dump in
 * one snapshot while the shop goes on writing (custom format: `pg_restore` puts it back); the copy is
 * read back by pg_restore before this returns.
 */
export async function backup(source: string, target: string): Promise<void> {
  await run("pg_dump", ["--format=custom", "--no-owner", `--file=${target}`, `--dbname=${source}`], {
    env: { ...process.env, PGCONNECT_TIMEOUT: "10" },
  });
  const { stdout } = await run("pg_restore", ["--list", target], { maxBuffer: 64 * 1024 * 1024 });
  if (!stdout.includes("TABLE DATA public orders")) throw new Error("The copy of the database failed its check.");
}

/** Closes a connection (a script's last step), and this process's follower of the catalogue version. */
export async function closeConnection(connection: AnyConnection): Promise<void> {
  await stopFollowingCatalogueVersion();
  await closePgDatabase(connection as PgConnection);
}
