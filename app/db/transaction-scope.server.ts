import { AsyncLocalStorage } from "node:async_hooks";

// Whether the code running now is the body of a PostgreSQL transaction (app/db/pg-transaction.server.ts).
// Such a body holds one of the pool's connections; a query of its own through the pool waits for a
// second one, and when every connection is held by such a body, none is ever freed: the shop stops
// answering. The pool refuses those queries at once instead (app/db/pg-connection.server.ts).

const scope = new AsyncLocalStorage<true>();

/** Runs a transaction's body, marked as one. */
export const asTransactionBody = <T>(body: () => Promise<T>): Promise<T> => scope.run(true, body);

/** Throws when called from a transaction's body: the pool is not for it (read through its `tx`). */
export function refuseInsideTransaction(what: string) {
  if (scope.getStore())
    throw new Error(
      `${what} through the pool inside a transaction: read through the transaction's tx, or before it (a second connection per transaction can starve the pool)`,
    );
}
