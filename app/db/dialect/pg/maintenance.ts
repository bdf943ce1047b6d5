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
  await tool("pg_dump", ["--format=custom", "--no-owner", `--file=${target}`, `--dbname=${source}`]);
  const { stdout } = await tool("pg_restore", ["--list", target]);
  if (!stdout.includes("TABLE DATA public orders")) throw new Error("The copy of the database failed its check.");
}

/**
 * Runs one of PostgreSQL's client tools; its failure is its own message (pg_dump names the server
 * it could not reach), not the command line, which holds the database URL and its password.
 */
async function tool(name: string, args: string[]) {
  try {
    return await run(name, args, { env: { ...process.env, PGCONNECT_TIMEOUT: "10" }, maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string };
    if (failure.code === "ENOENT")
      throw new Error(`${name} is not installed (PostgreSQL's client tools, e.g. Debian's postgresql-client).`);
    throw new Error(failure.stderr?.trim() || `${name} failed.`);
  }
}

/** Closes a connection (a script's last step), and this process's follower of the catalogue version. */
export async function closeConnection(connection: AnyConnection): Promise<void> {
  await stopFollowingCatalogueVersion();
  await closePgDatabase(connection as PgConnection);
}
