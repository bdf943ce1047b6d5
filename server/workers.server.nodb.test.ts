import cluster from "node:cluster";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { restartDelayMs, startWorkers, type WorkerPool } from "./workers.server";

describe("restartDelayMs", () => {
  it("starts a worker again at once, then waits longer with each crash in a row, up to 30 s", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 50].map(restartDelayMs)).toEqual([0, 1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

type Answer = { pid: number; singleAccept?: string };

describe("startWorkers", () => {
  let port: number;
  // Each request on a fresh connection, which either worker may take.
  const ask = async (url: string): Promise<Answer> =>
    (await fetch(`http://127.0.0.1:${port}${url}`)).json() as Promise<Answer>;
  const askUntil = async (url: string, done: (seen: Answer[]) => boolean): Promise<Answer[]> => {
    const seen: Answer[] = [];
    while (!done(seen)) {
      seen.push(await ask(url).catch(() => ({ pid: 0 })));
      if (seen.length > 200) throw new Error(`No luck after 200 requests: ${JSON.stringify(seen.slice(-5))}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return seen;
  };
  const pids = (seen: Answer[]) => new Set(seen.map((a) => a.pid).filter(Boolean));

  beforeAll(() => {
    cluster.setupPrimary({ exec: path.resolve("tests/unit/cluster-worker.ts"), execArgv: ["--import", "tsx"] });
  });

  let pool: WorkerPool | undefined;
  afterAll(async () => pool?.stop());
  // The workers that exited while the pool ran (the primary sends their unsent mails).
  const exited: number[] = [];
  // The workers that said they are busy (tests/unit/cluster-worker.ts).
  const busyWorkers: number[] = [];
  const startTwoWorkers = async () => {
    port = await freePort();
    exited.length = 0;
    await new Promise<void>((ready) => {
      pool = startWorkers({
        count: 2,
        env: { PORT: String(port) },
        onReady: ready,
        onStartFailed: (reason) => expect.fail(reason),
        onWorkerExit: (pid) => exited.push(pid),
        onWorkerMessage: (message) => {
          const { busy } = message as { busy?: number };
          if (busy) busyWorkers.push(busy);
        },
      });
    });
  };

  it("keeps `count` workers serving and replaces one that dies", async () => {
    await startTwoWorkers();

    const first = pids(await askUntil("/", (seen) => pids(seen).size === 2));
    await ask("/crash").catch(() => {});
    const after = await askUntil(
      "/",
      (seen) => pids(seen).size === 2 && [...pids(seen)].some((pid) => !first.has(pid)),
    );
    expect(pids(after).size).toBe(2);
    expect(exited).toHaveLength(1);
    expect(first.has(exited[0]) && !pids(after).has(exited[0])).toBe(true);

    await pool!.stop();
    pool = undefined;
    expect(Object.values(cluster.workers ?? {}).filter((w) => w && !w.isDead())).toEqual([]);
    // Stopping is not dying: nothing to resend.
    expect(exited).toHaveLength(1);
  }, 30_000);

  it("answers new connections from a free worker while another is busy", async () => {
    await startTwoWorkers();

    const busy = ask("/busy?ms=3000");
    await expect.poll(() => busyWorkers.length, { interval: 10, timeout: 10_000 }).toBe(1);
    // Each on a new connection: none may be handed to the busy worker's thread to wait.
    const answers = await Promise.all(Array.from({ length: 6 }, () => ask("/")));
    const busyPid = (await busy).pid;
    expect(answers.every((a) => a.pid !== busyPid)).toBe(true);
    // One waiting connection per accept, the next left to whichever worker is free.
    expect(answers.every((a) => a.singleAccept === "1")).toBe(true);

    await pool!.stop();
    pool = undefined;
  }, 30_000);

  it("gives up, restarting nothing, when a worker dies before the shop was ready", async () => {
    port = await freePort();
    const failure = await new Promise<[string, number | null]>((resolve) => {
      pool = startWorkers({
        count: 2,
        env: { PORT: String(port), FAIL_START: "1" },
        onReady: () => resolve(["ready", null]),
        onStartFailed: (reason, exitCode) => resolve([reason, exitCode]),
      });
    });
    // The exit code too: a worker whose port was taken says so by it (server/listen-port.server.ts).
    expect(failure).toEqual(["A worker process exited with code 2 while the shop was starting.", 2]);
    await pool!.stop();
    pool = undefined;
  }, 30_000);
});
