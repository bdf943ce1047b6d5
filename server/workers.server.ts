import cluster, { type Worker } from "node:cluster";

// WEB_CONCURRENCY > 1: the primary process (server.ts) prepares the shop and runs the once-only
// jobs, then starts this many workers (node:cluster), each running server.ts again to serve HTTP on
// the same port; each worker accepts new connections itself when it is free (see below). This module
// keeps them running and stops them.

// The workers take new connections from the shared socket themselves, as the operating system
// wakes whichever is waiting, rather than by node's default round robin, where the primary hands
// each connection to the next worker and waits for that worker's event loop to take it: a busy
// worker then holds connections it cannot start on, one handover per turn of its loop (bench mixed:
// 200 users arriving at once, first-answer p99 2.4 s → 0.9 s). NODE_CLUSTER_SCHED_POLICY=rr restores
// the round robin. Set on import: node fixes the policy when the first worker is set up.
if (cluster.isPrimary && !process.env.NODE_CLUSTER_SCHED_POLICY) cluster.schedulingPolicy = cluster.SCHED_NONE;
// And each takes one waiting connection at a time (libuv), leaving the next to whichever worker
// is free, rather than all that are waiting: 200 users arriving at once were split 34 / 166.
const ACCEPT_ONE_AT_A_TIME = { UV_TCP_SINGLE_ACCEPT: process.env.UV_TCP_SINGLE_ACCEPT ?? "1" };
// glibc gives each thread that allocates (libuv's pool, V8's compiler and collector threads) a
// malloc arena of its own, up to 8 per core, and keeps what a burst freed in each: a worker stayed
// at about 290 MB after the bench's mixed load with the default, about 200 MB with two arenas, at
// the same req/s (docs/limits.md). Read by glibc when the process starts, hence set for the
// workers here (the Dockerfile sets it for the primary); other C libraries ignore it.
// And a freed block over 128 kB goes back to the system rather than staying in the arena: glibc
// otherwise raises both thresholds as large blocks are freed, up to 32 MB, and a long load ends with
// the workers keeping what its largest moments freed (15 min of mixed load, twice each: one worker
// at 306 and 303 MB with glibc's default, both at 290 MB or under with these; docs/limits.md).
// glibc's own names for these tunables, which it reads as the process starts.
const FEW_MALLOC_ARENAS = {
  MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2",
  MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? "131072",
  MALLOC_TRIM_THRESHOLD_: process.env.MALLOC_TRIM_THRESHOLD_ ?? "131072",
};

// A worker that dies sooner than this after it started counts as a crash, and each further crash in
// a row doubles the wait before the next start, so that a crash loop does not spin.
const CRASH_WITHIN_MS = 10_000;
const FIRST_RESTART_DELAY_MS = 1_000;
const MAX_RESTART_DELAY_MS = 30_000;
// How long workers get to finish the requests they are answering when the shop stops.
const STOP_GRACE_MS = 8_000;

/** The wait before replacing a worker that died, after `crashesInARow` crashes (counting this one). */
export function restartDelayMs(crashesInARow: number): number {
  if (crashesInARow <= 0) return 0;
  return Math.min(MAX_RESTART_DELAY_MS, FIRST_RESTART_DELAY_MS * 2 ** Math.min(crashesInARow - 1, 30));
}

export type WorkerPool = {
  /** Asks every worker to stop (SIGTERM: each finishes its requests) and settles once all have exited. */
  stop(): Promise<void>;
};

/**
 * Starts `count` workers with `env` added to their environment and keeps that many running.
 * `onReady` is called once, when all of them listen. A worker that exits before the shop was ever
 * ready (a missing build, a port in use) means it cannot start: `onStartFailed` is called instead
 * and nothing is restarted. `onWorkerExit` hears of each worker that exits while the shop runs.
 */
export function startWorkers({
  count,
  env,
  onReady,
  onStartFailed,
  onWorkerExit,
  onWorkerMessage,
}: {
  count: number;
  env: Record<string, string>;
  onReady: () => void;
  /** `exitCode`: the worker's, when it exited rather than was killed. */
  onStartFailed: (reason: string, exitCode: number | null) => void;
  onWorkerExit?: (pid: number) => void;
  /** Hears what a worker sends the primary (process.send), e.g. a mail it queued. */
  onWorkerMessage?: (message: unknown) => void;
}): WorkerPool {
  const startedAt = new Map<Worker, number>();
  const restarts = new Set<NodeJS.Timeout>();
  let listening = 0;
  let ready = false;
  let stopping = false;
  let crashesInARow = 0;

  const start = () =>
    startedAt.set(cluster.fork({ ...ACCEPT_ONE_AT_A_TIME, ...FEW_MALLOC_ARENAS, ...env }), Date.now());

  const onListening = () => {
    if (ready || ++listening < count) return;
    ready = true;
    onReady();
  };

  const onExit = (worker: Worker, code: number, signal: string) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (stopping) return;
    if (worker.process.pid !== undefined) onWorkerExit?.(worker.process.pid);
    const how = signal ? `was killed (${signal})` : `exited with code ${code}`;
    if (!ready) {
      stopping = true;
      onStartFailed(`A worker process ${how} while the shop was starting.`, signal ? null : code);
      return;
    }
    crashesInARow = lived < CRASH_WITHIN_MS ? crashesInARow + 1 : 0;
    const delay = restartDelayMs(crashesInARow);
    console.error(`Worker ${worker.process.pid} ${how}; starting another${delay ? ` in ${delay / 1000} s` : ""}.`);
    const timer = setTimeout(() => {
      restarts.delete(timer);
      if (!stopping) start();
    }, delay);
    restarts.add(timer);
  };

  const onMessage = (_worker: Worker, message: unknown) => onWorkerMessage?.(message);

  cluster.on("listening", onListening);
  cluster.on("exit", onExit);
  cluster.on("message", onMessage);
  for (let i = 0; i < count; i++) start();

  return {
    async stop() {
      stopping = true;
      for (const timer of restarts) clearTimeout(timer);
      cluster.off("listening", onListening);
      cluster.off("exit", onExit);
      const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead());
      await Promise.all(
        workers.map(
          (worker) =>
            new Promise<void>((resolve) => {
              worker.once("exit", () => resolve());
              worker.process.kill("SIGTERM");
              setTimeout(() => worker.process.kill("SIGKILL"), STOP_GRACE_MS).unref();
            }),
        ),
      );
      // Heard until the last worker is gone: a request it finished may have queued a mail.
      cluster.off("message", onMessage);
    },
  };
}
