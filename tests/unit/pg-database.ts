import { randomBytes } from "node:crypto";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "~/db/schema.pg";
import { createDatabase, onServer } from "../../tools/pg/databases";

/**
 * The PostgreSQL server the tests make their own databases on: PG_TEST_URL, a server URL whose user
 * may CREATE DATABASE. Without it a test that needs PostgreSQL fails, saying so (it is never skipped).
 */
export function pgTestServer(): URL {
  const url = process.env.PG_TEST_URL;
  if (!url) {
    throw new Error(
      "PG_TEST_URL is not set: this test needs a PostgreSQL server whose user may CREATE DATABASE, " +
        "e.g. PG_TEST_URL=postgres://postgres@127.0.0.1:5432/postgres",
    );
  }
  return new URL(url);
}

/**
 * A new database `<prefix>_<random>` on PG_TEST_URL's server with drizzle/pg's migrations applied,
 * through a pool of its own; `drop` closes the pool and drops the database.
 */
export async function migratedPgDatabase(prefix: string) {
  const server = pgTestServer();
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const url = await createDatabase(server, name);
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  // An idle connection still closing when `drop` forces the database away reports its end as an
  // error on the pool: expected then, and no test's failure.
  pool.on("error", () => {});
  const db = drizzle(pool, { schema });
  try {
    await migrate(db, { migrationsFolder: path.resolve("drizzle", "pg") });
  } catch (error) {
    await pool.end();
    await onServer(server, `DROP DATABASE "${name}" WITH (FORCE)`);
    throw error;
  }
  return {
    name,
    pool,
    db,
    drop: async () => {
      await pool.end();
      await onServer(server, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

export type PgTestDatabase = Awaited<ReturnType<typeof migratedPgDatabase>>;
