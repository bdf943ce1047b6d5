import type { Connection, Tx } from "./client.server";
import { isBusy } from "./dialect/sqlite/sql";

// Group commit. With synchronous = FULL (client.server.ts) every commit waits for one fsync of the
// WAL, a few milliseconds during which this process does nothing else, whatever the transaction
// holds. Writes that requests wait for are therefore queued and committed together: the work of
// every request that reaches this point in one turn of the event loop runs in one transaction,
// each in a savepoint of its own, and one fsync makes them all durable. Each caller hears of its
// outcome only after that commit, as if it had committed alone.
//
// The bodies are async (so that a server database can sit under them later), and they run one after
// the other: a per-process lock, the batch, holds the one write connection until it commits. A body
// awaits only its own queries; on SQLite they settle in microtasks, so a batch still ends in the turn
// it began. Reads outside a transaction go to the read connection (client.server.ts), which never
// sees a batch's uncommitted writes.
//
// When another process holds the database's write lock (several workers share the file), the
// batch does not wait for it in SQLite's busy handler, which would stop this process's event loop
// as well: it tries again a millisecond later, and the requests that arrive meanwhile join it.

type Job = { work: (tx: Tx) => Promise<unknown>; resolve: (value: unknown) => void; reject: (error: unknown) => void };
type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

const RETRY_MS = 1;

/** A queue of write transactions on one database, committed together. */
export function groupCommitter(db: Connection) {
  const sqlite = db.$client;
  const tx = db as unknown as Tx;
  // What the connection waits for a lock otherwise: a batch waits as long in all, but a millisecond at a time.
  const busyTimeoutMs = Number(sqlite.pragma("busy_timeout", { simple: true }));
  const sql = {
    begin: sqlite.prepare("BEGIN IMMEDIATE"),
    commit: sqlite.prepare("COMMIT"),
    rollback: sqlite.prepare("ROLLBACK"),
    savepoint: sqlite.prepare("SAVEPOINT job"),
    release: sqlite.prepare("RELEASE job"),
    undo: sqlite.prepare("ROLLBACK TO job"),
  };
  const queue: Job[] = [];
  let scheduled = false;
  let running = false;
  let busySince: number | null = null;

  function schedule(delayMs?: number) {
    if (scheduled) return;
    scheduled = true;
    if (delayMs === undefined) setImmediate(flush);
    else setTimeout(flush, delayMs);
  }

  /** BEGIN IMMEDIATE without waiting for another process's write lock; false while it is held. */
  function begin(): boolean {
    const waitedTooLong = busySince !== null && Date.now() - busySince >= busyTimeoutMs;
    // Past the connection's own timeout, one last attempt waits as any statement would (and throws SQLITE_BUSY).
    if (waitedTooLong) {
      sql.begin.run();
      return true;
    }
    sqlite.pragma("busy_timeout = 0");
    try {
      sql.begin.run();
      return true;
    } catch (error) {
      if (isBusy(error)) return false;
      throw error;
    } finally {
      sqlite.pragma(`busy_timeout = ${busyTimeoutMs}`);
    }
  }

  function flush() {
    scheduled = false;
    if (running || queue.length === 0) return;
    let began: boolean;
    try {
      began = begin();
    } catch (error) {
      busySince = null;
      rejectAll(queue.splice(0), error);
      return;
    }
    if (!began) {
      busySince ??= Date.now();
      schedule(RETRY_MS);
      return;
    }
    busySince = null;
    running = true;
    const jobs = queue.splice(0);
    void runBatch(jobs).finally(() => {
      running = false;
      if (queue.length > 0) schedule();
    });
  }

  async function runBatch(jobs: Job[]) {
    const outcomes: Outcome[] = [];
    try {
      for (const job of jobs) {
        // A savepoint per job, so a job that throws undoes its own writes only.
        sql.savepoint.run();
        try {
          outcomes.push({ ok: true, value: await job.work(tx) });
          sql.release.run();
        } catch (error) {
          // SQLite ends the whole transaction on some errors (a full disk, an I/O error): the
          // remaining jobs must not run outside it, nor the batch commit half of its work.
          if (!sqlite.inTransaction) throw error;
          sql.undo.run();
          sql.release.run();
          outcomes.push({ ok: false, error });
        }
      }
      sql.commit.run();
    } catch (error) {
      if (sqlite.inTransaction) sql.rollback.run();
      // Nothing of the batch is written.
      rejectAll(jobs, error);
      return;
    }
    jobs.forEach((job, i) => {
      const outcome = outcomes[i];
      if (outcome.ok) job.resolve(outcome.value);
      else job.reject(outcome.error);
    });
  }

  function rejectAll(jobs: Job[], error: unknown) {
    for (const job of jobs) job.reject(error);
  }

  /**
   * Runs `work` (in a write transaction shared with other callers' work) soon, and settles once its
   * writes are on disk: with its result, or with what it threw (its writes undone). The body runs
   * while this process's writes wait for it: it must await nothing but its queries on `tx` (no
   * network, no timers), and must not call commitTogether itself (that would wait for its own batch).
   */
  return function commitTogether<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      schedule();
    });
  };
}
