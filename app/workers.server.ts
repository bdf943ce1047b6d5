import crypto from "node:crypto";
import cluster, { type Worker } from "node:cluster";

// WEB_CONCURRENCY > 1: the primary process (server.ts) prepares the shop and runs the once-only
// jobs, then starts this many workers (node:cluster), each running server.ts again to serve HTTP on
// the same port; the operating system hands each new connection to the next one. This module keeps
// them running and stops them, and lets a worker hand a value to all the others.

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
 * and nothing is restarted.
 */
export function startWorkers({
  count,
  env,
  onReady,
  onStartFailed,
}: {
  count: number;
  env: Record<string, string>;
  onReady: () => void;
  onStartFailed: (reason: string) => void;
}): WorkerPool {
  const startedAt = new Map<Worker, number>();
  const restarts = new Set<NodeJS.Timeout>();
  let listening = 0;
  let ready = false;
  let stopping = false;
  let crashesInARow = 0;

  const start = () => startedAt.set(cluster.fork(env), Date.now());

  const onListening = () => {
    if (ready || ++listening < count) return;
    ready = true;
    onReady();
  };

  const onExit = (worker: Worker, code: number, signal: string) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (stopping) return;
    const how = signal ? `was killed (${signal})` : `exited with code ${code}`;
    if (!ready) {
      stopping = true;
      onStartFailed(`A worker process ${how} while the shop was starting.`);
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

  cluster.on("listening", onListening);
  cluster.on("exit", onExit);
  const stopRelaying = relayShares();
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
      stopRelaying();
    },
  };
}

// Sharing a value with every worker: the worker sends it to the primary, which passes it to all the
// others and answers once each has taken it.
type Share = { id: string; topic: string; value: unknown };
type Message = { share?: Share; shared?: string; taken?: string };

/** Relays shares between the workers until the function it returns is called. */
function relayShares(): () => void {
  const waiting = new Map<string, { from: Worker; pending: Set<Worker> }>();
  const settle = (id: string) => {
    const share = waiting.get(id);
    if (!share || share.pending.size > 0) return;
    waiting.delete(id);
    if (share.from.isConnected()) share.from.send({ shared: id } satisfies Message);
  };
  const onMessage = (from: Worker, message: Message) => {
    if (message.share) {
      const others = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && w !== from && w.isConnected());
      waiting.set(message.share.id, { from, pending: new Set(others) });
      for (const worker of others) worker.send({ share: message.share } satisfies Message);
      settle(message.share.id);
    } else if (message.taken) {
      waiting.get(message.taken)?.pending.delete(from);
      settle(message.taken);
    }
  };
  // A worker that dies is not waited for.
  const onExit = (worker: Worker) => {
    for (const [id, share] of waiting) {
      share.pending.delete(worker);
      settle(id);
    }
  };
  cluster.on("message", onMessage);
  cluster.on("exit", onExit);
  return () => {
    cluster.off("message", onMessage);
    cluster.off("exit", onExit);
  };
}

const takers = new Map<string, (value: unknown) => void>();
if (cluster.isWorker) {
  process.on("message", (message: Message) => {
    if (!message.share) return;
    takers.get(message.share.topic)?.(message.share.value);
    process.send!({ taken: message.share.id } satisfies Message);
  });
}

/** In a worker: what `shareWithWorkers` sends on `topic` from another worker. */
export function onShared<T>(topic: string, take: (value: T) => void) {
  takers.set(topic, take as (value: unknown) => void);
}

/**
 * In a worker: hands `value` to every other worker (their `onShared` for `topic`); settles once all
 * have it. In a single process there is nobody to tell.
 */
export function shareWithWorkers(topic: string, value: unknown): Promise<void> {
  if (!cluster.isWorker) return Promise.resolve();
  const id = crypto.randomUUID();
  return new Promise((resolve) => {
    const done = (message: Message) => {
      if (message.shared !== id) return;
      process.off("message", done);
      resolve();
    };
    process.on("message", done);
    process.send!({ share: { id, topic, value } } satisfies Message);
  });
}
