import { drizzle } from "drizzle-orm/node-postgres";
import type pg from "pg";
import type { Tx } from "./client.server";
import { heardCommitted, isCatalogueVersionKnown, READ_CATALOGUE_VERSION } from "./dialect/pg/catalogue-version";
import { isRetryable } from "./dialect/pg/errors";
import type { PgConnection } from "./pg-connection.server";
import * as schema from "./schema.pg";
import { asTransactionBody } from "./transaction-scope.server";

// Write transactions on PostgreSQL: each body in a transaction of its own, READ COMMITTED, on a
// connection of the pool. The server makes concurrent commits durable together (its WAL flush), so
// there is no batch here as on SQLite. Read-then-write places take row or advisory locks (the
// dialect's lockRows, lockName and locked reads); a transaction the server aborts to break a
// deadlock or a serialization conflict is run again from the start, which is why a body touches
// nothing but `tx`.
//
// Not drizzle's transaction(): the COMMIT and the read of the catalogue version after it travel in
// one message (a simple query of two statements), so that what this process reads next is never
// older than what it wrote, without one more round trip per transaction.

const MAX_ATTEMPTS = 8;
const BEGIN = "BEGIN ISOLATION LEVEL READ COMMITTED";

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// One drizzle object per pooled connection: the models' statements are kept per connection (prepared.ts).
const onConnection = new WeakMap<pg.PoolClient, Tx>();
function drizzleOn(client: pg.PoolClient): Tx {
  let tx = onConnection.get(client);
  if (!tx) onConnection.set(client, (tx = drizzle(client, { schema }) as unknown as Tx));
  return tx;
}

async function commitAndCatchUp(client: pg.PoolClient): Promise<void> {
  if (!isCatalogueVersionKnown()) {
    await client.query("COMMIT");
    return;
  }
  const results = (await client.query(`COMMIT; ${READ_CATALOGUE_VERSION}`)) as unknown as pg.QueryResult[];
  heardCommitted(results[1]?.rows[0]?.version);
}

async function transaction<T>(pool: pg.Pool, work: (tx: Tx) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query(BEGIN);
    try {
      const result = await asTransactionBody(() => work(drizzleOn(client)));
      await commitAndCatchUp(client);
      return result;
    } catch (error) {
      // A failed COMMIT has ended the transaction already; ROLLBACK then only warns.
      await client.query("ROLLBACK").catch((lost: Error) => (broken = lost));
      throw error;
    }
  } finally {
    // A connection that failed its ROLLBACK leaves the pool instead of serving the next transaction.
    client.release(broken);
  }
}

/** commitTogether on PostgreSQL: runs `work` in a transaction, again when the server asks for a retry. */
export function pgCommitter(connection: PgConnection) {
  return async function commitTogether<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await transaction(connection.$client, work);
      } catch (error) {
        if (attempt >= MAX_ATTEMPTS || !isRetryable(error)) throw error;
        // Apart, at random, so that the two sides of a deadlock do not meet again.
        await pause(Math.random() * 5 * attempt);
      }
    }
  };
}
