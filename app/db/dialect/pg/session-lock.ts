import pg from "pg";
import { config } from "~/config.server";

/**
 * Runs `work` while holding the advisory lock `name` on the database, so that of several nodes
 * starting at once one migrates, seeds and makes the admin, and the others then find it done. The
 * lock is held by a connection of its own (released if this process dies); `work` uses the pool.
 */
export async function whileHolding<T>(name: string, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: config.databaseUrl, application_name: "shopit-startup" });
  // Its end while `work` runs (the server restarted) is an event, not a crash: `work` meets the same
  // fault through the pool and start-up fails with it.
  client.on("error", () => {});
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock(hashtext($1))", [name]);
    return await work();
  } finally {
    await client.end().catch(() => {});
  }
}
