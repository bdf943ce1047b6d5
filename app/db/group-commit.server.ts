import { db as shopDb, type DB, type Tx } from "./client.server";

// Group commit. With synchronous = FULL (client.server.ts) every commit waits for one fsync of the
// WAL, a few milliseconds during which this process does nothing else, whatever the transaction
// holds. Writes that requests wait for are therefore queued and committed together: the work of
// every request that reaches this point in one turn of the event loop runs in one transaction,
// each in a savepoint of its own, and one fsync makes them all durable. Each caller hears of its
// outcome only after that commit, as if it had committed alone.

type Job = { work: (tx: Tx) => unknown; resolve: (value: unknown) => void; reject: (error: unknown) => void };
type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** A queue of write transactions on one database, committed together. */
export function groupCommitter(db: DB) {
  let queue: Job[] = [];

  function flush() {
    const jobs = queue;
    queue = [];
    const outcomes: Outcome[] = [];
    try {
      db.transaction(
        (tx) => {
          for (const job of jobs) {
            try {
              // A savepoint: a job that throws undoes its own writes only.
              outcomes.push({ ok: true, value: tx.transaction((savepoint) => job.work(savepoint)) });
            } catch (error) {
              // SQLite ends the whole transaction on some errors (a full disk, an I/O error): the
              // remaining jobs must not run outside it, nor the batch commit half of its work.
              if (!db.$client.inTransaction) throw error;
              outcomes.push({ ok: false, error });
            }
          }
        },
        { behavior: "immediate" },
      );
    } catch (error) {
      // Nothing of the batch is written.
      for (const job of jobs) job.reject(error);
      return;
    }
    jobs.forEach((job, i) => {
      const outcome = outcomes[i];
      if (outcome.ok) job.resolve(outcome.value);
      else job.reject(outcome.error);
    });
  }

  /**
   * Runs `work` (synchronous, in a write transaction shared with other callers' work) soon, and
   * settles once its writes are on disk: with its result, or with what it threw (its writes undone).
   */
  return function commitTogether<T>(work: (tx: Tx) => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (queue.length === 0) setImmediate(flush);
      queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
    });
  };
}

// One queue per process, like the connection (client.server.ts): server.ts's own modules and the
// Remix build's copies of them commit together too.
const globalForCommits = globalThis as unknown as { __shopCommitTogether?: ReturnType<typeof groupCommitter> };

/** The shop database's group commit (see above). */
export const commitTogether = (globalForCommits.__shopCommitTogether ??= groupCommitter(shopDb));
