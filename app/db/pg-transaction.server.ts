import type { Tx } from "./client.server";
import { catchUpCatalogueVersion } from "./dialect/pg/catalogue-version";
import { isRetryable } from "./dialect/pg/errors";
import type { PgConnection } from "./pg-connection.server";

// Write transactions on PostgreSQL: each body in a transaction of its own, READ COMMITTED, on a
// connection of the pool. The server makes concurrent commits durable together (its WAL flush), so
// there is no batch here as on SQLite. Read-then-write places take row or advisory locks (the
// dialect's lockRows and lockName); a transaction the server aborts to break a deadlock or a
// serialization conflict is run again from the start, which is why a body touches nothing but `tx`.

const MAX_ATTEMPTS = 8;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** commitTogether on PostgreSQL: runs `work` in a transaction, again when the server asks for a retry. */
export function pgCommitter(connection: PgConnection) {
  return async function commitTogether<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        const result = await connection.transaction((tx) => work(tx as unknown as Tx), {
          isolationLevel: "read committed",
        });
        await catchUpCatalogueVersion(connection.$client);
        return result;
      } catch (error) {
        if (attempt >= MAX_ATTEMPTS || !isRetryable(error)) throw error;
        // Apart, at random, so that the two sides of a deadlock do not meet again.
        await pause(Math.random() * 5 * attempt);
      }
    }
  };
}
