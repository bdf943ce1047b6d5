import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { startHaproxy, waitForRotation, type LoadBalancer } from "../../tools/haproxy";
import { startProgram, waitForOk } from "../../tools/processes";
import { createDatabase, dropDatabase, nodes, onPostgres } from "./engine";
import { fetchRaw } from "./sample";

export type ShopServer = {
  url: string;
  port: number;
  /** The server process, e.g. to read its memory from /proc (with --nodes, the first node's). */
  pid: number;
  /** Every node's server process (one but with --nodes). */
  nodePids: number[];
  sandboxPort: number;
  /** The shop's database: its SQLite file, or its postgres:// URL (bench/lib/engine.ts). */
  database: string;
  dataDir: string;
  /** Worker processes serving requests, as counted in /proc (1 when the server process serves alone). */
  workers: number;
  /** What the server wrote to stderr lately (errors show here). */
  stderr: () => string;
  /** How many times the engine's lock failure (BUSY_NAME) appeared on the server's stderr since it started. */
  busy: () => number;
  stop: () => Promise<void>;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * What a database that could not take a lock says on the server's stderr: SQLite's SQLITE_BUSY, or
 * PostgreSQL's lock and statement timeouts, deadlocks and serialization failures left unretried.
 */
export const BUSY_NAME = onPostgres ? "lock failures (deadlock, serialization, timeout)" : "SQLITE_BUSY";
const BUSY_PATTERN = onPostgres
  ? /deadlock detected|could not serialize access|lock timeout|canceling statement due to/g
  : /SQLITE_BUSY/g;
/** The longest text BUSY_PATTERN matches, so that a match split between two chunks is counted once. */
const BUSY_LONGEST = onPostgres ? "could not serialize access".length : "SQLITE_BUSY".length;

/** Runs `npm run build` once per bench run (the servers serve the production build). */
let built = false;
export async function ensureBuild() {
  if (built || process.env.BENCH_NO_BUILD === "1") return;
  console.log("  building the production bundle (npm run build)…");
  await new Promise<void>((resolve, reject) => {
    const child = spawn("npm", ["run", "build"], { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`npm run build exited ${code}:\n${output}`)),
    );
  });
  built = true;
}

/** Extra node flags for the server, e.g. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof". */
const nodeArgs = () => (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean);

/** WEB_CONCURRENCY was set, yet the shop runs fewer worker processes (a build without node:cluster). */
export class WorkersNotStarted extends Error {
  constructor(
    readonly asked: number,
    readonly found: number,
  ) {
    super(`WEB_CONCURRENCY=${asked}, but the shop runs ${found} worker process${found === 1 ? "" : "es"}`);
  }
}

/**
 * The cluster workers among the server's child processes (node:cluster gives each NODE_UNIQUE_ID in
 * its environment), so that a row's worker count is what ran, not what was asked for.
 */
function clusterWorkers(pid: number): number {
  return clusterWorkerPids(pid).length;
}

/** The pids of the server's cluster workers (see clusterWorkers). */
export function clusterWorkerPids(pid: number): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (
        ppid === pid &&
        fs
          .readFileSync(`/proc/${entry}/environ`, "latin1")
          .split("\0")
          .some((v) => v.startsWith("NODE_UNIQUE_ID="))
      )
        pids.push(Number(entry));
    } catch {
      // The process ended meanwhile.
    }
  }
  return pids;
}

/** A process's resident memory in bytes (VmRSS), or 0 once it has ended. */
export function residentBytes(pid: number): number {
  try {
    return Number(fs.readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/)![1]) * 1024;
  } catch {
    return 0;
  }
}

export type ShopOptions = {
  /** WEB_CONCURRENCY; the start fails with WorkersNotStarted when the shop runs fewer processes. */
  workers?: number;
  env?: Record<string, string>;
};

/** One shop process as bench/lib/shop-launcher.ts runs it, up once its /healthz answers. */
type ShopProcess = {
  url: string;
  port: number;
  child: ChildProcess;
  stderr: () => string;
  busy: () => number;
  stop: () => Promise<void>;
};

async function startShopProcess(env: Record<string, string>): Promise<ShopProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    process.execPath,
    [...nodeArgs(), "--import", "tsx", "bench/lib/shop-launcher.ts"],
    { stdio: ["ignore", "ignore", "pipe"], env: { ...process.env, PUBLIC_URL: url, ...env, PORT: String(port) } },
  );
  let stderr = "";
  let busy = 0;
  child.stderr?.on("data", (chunk) => {
    // Counted on the new text plus the end of the old, too short to hold a whole match itself.
    const text = stderr.slice(-(BUSY_LONGEST - 1)) + chunk;
    busy += (text.match(BUSY_PATTERN) ?? []).length;
    stderr += chunk;
    if (stderr.length > 20_000) stderr = stderr.slice(-10_000);
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 8000);
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    const up = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL");
      await exited;
      throw new Error(`The shop did not start:\n${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, port, child, stderr: () => stderr, busy: () => busy, stop };
}

/**
 * Starts the production server on a fresh database (a temporary SQLite file, or a new database on
 * the bench's PostgreSQL server with --db=postgres) with the demo catalogue, as a
 * self-hoster would run it (the access log on, written to /dev/null), through bench/lib/shop-launcher.ts
 * (server.ts plus the same-stack reference route), with high rate limits (every shopper of the bench
 * comes from 127.0.0.1). With --nodes=N, N such servers on one PostgreSQL database behind HAProxy
 * (startNodes): the url is the load balancer's.
 */
export async function startShop({ workers, env: extraEnv = {} }: ShopOptions = {}): Promise<ShopServer> {
  await ensureBuild();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shopit-bench-"));
  const database = onPostgres ? await createDatabase() : path.join(dataDir, "shop.db");
  const env: Record<string, string> = {
    NODE_ENV: "production",
    DATABASE_URL: onPostgres ? database : `file:${database}`,
    SESSION_SECRET: "bench-session-secret",
    SEED: "demo",
    RATE_LIMIT_PER_IP: "1000000",
    RATE_LIMIT_PER_EMAIL: "1000000",
    RATE_LIMIT_API_REGISTRATIONS_PER_IP: "1000000",
    BENCH_CEILING_DIR: path.join(dataDir, "bench-ceiling"),
    ...(workers === undefined ? {} : { WEB_CONCURRENCY: String(workers) }),
    ...extraEnv,
  };
  const removeData = async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (onPostgres) await dropDatabase(database);
  };
  let shop: Omit<ShopServer, "database" | "dataDir" | "workers" | "stop"> & { stop: () => Promise<void> };
  try {
    if (nodes > 1) shop = await startNodes(nodes, env, dataDir);
    else {
      const sandboxPort = await freePort();
      const server = await startShopProcess({ ...env, STRIPE_SANDBOX_PORT: String(sandboxPort) });
      shop = { ...server, pid: server.child.pid!, nodePids: [server.child.pid!], sandboxPort };
    }
  } catch (error) {
    await removeData();
    throw error;
  }
  const stop = async () => {
    await shop.stop();
    if (process.env.BENCH_DEBUG && shop.stderr().trim()) console.error(shop.stderr());
    await removeData();
  };
  // The first worker answers /healthz; the others may still be starting.
  const startedAt = Date.now();
  const deadline = startedAt + 60_000;
  const countWorkers = () => Math.min(...shop.nodePids.map(clusterWorkers));
  let found = countWorkers();
  while (
    workers !== undefined &&
    workers > 1 &&
    found < workers &&
    Date.now() < deadline &&
    Date.now() - startedAt < (found ? 30_000 : 5_000)
  ) {
    await new Promise((r) => setTimeout(r, 250));
    found = countWorkers();
  }
  const serving = Math.max(1, found);
  if (workers !== undefined && serving < workers) {
    await stop();
    throw new WorkersNotStarted(workers, serving);
  }
  if (found > 1) await everyWorkerReady(shop.url, found * shop.nodePids.length);
  return { ...shop, database, dataDir, workers: serving, stop };
}

/**
 * --nodes=N: the payment sandbox once (sandbox/standalone.ts), N shop servers on the one database,
 * started at the same moment as test:scale starts them, and HAProxy in front (tools/haproxy.ts:
 * round robin, health checks on /healthz), sending the sandbox's webhooks to any node.
 */
async function startNodes(count: number, env: Record<string, string>, dataDir: string) {
  const [lbPort, sandboxPort] = [await freePort(), await freePort()];
  const url = `http://127.0.0.1:${lbPort}`;
  const sandbox = startProgram("the payment sandbox", [process.execPath, "--import", "tsx", "sandbox/standalone.ts"], {
    SESSION_SECRET: env.SESSION_SECRET,
    STRIPE_SECRET_KEY: "",
    SANDBOX_PORT: String(sandboxPort),
    WEBHOOK_URL: `${url}/webhooks/stripe`,
    SANDBOX_PUBLIC_URL: `${url}/_sandbox`,
  });
  const servers: ShopProcess[] = [];
  let balancer: LoadBalancer | undefined;
  const stop = async () => {
    await balancer?.stop();
    await Promise.all(servers.map((server) => server.stop()));
    await sandbox.stop();
  };
  try {
    await waitForOk(`http://127.0.0.1:${sandboxPort}/v3/`, sandbox);
    const nodeEnv = { ...env, PUBLIC_URL: url, STRIPE_SANDBOX_URL: `http://127.0.0.1:${sandboxPort}` };
    const started = await Promise.allSettled(Array.from({ length: count }, () => startShopProcess(nodeEnv)));
    for (const result of started) if (result.status === "fulfilled") servers.push(result.value);
    const failed = started.find((result) => result.status === "rejected");
    if (failed) throw (failed as PromiseRejectedResult).reason;
    balancer = startHaproxy(
      dataDir,
      lbPort,
      servers.map((server, i) => ({ name: `node${i + 1}`, port: server.port })),
    );
    await waitForRotation(
      balancer,
      servers.map((_, i) => `node${i + 1}`),
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url,
    port: lbPort,
    pid: servers[0].child.pid!,
    nodePids: servers.map((server) => server.child.pid!),
    sandboxPort,
    stderr: () => servers.map((server, i) => `[node ${i + 1}] ${server.stderr()}`).join("\n"),
    busy: () => servers.reduce((sum, server) => sum + server.busy(), 0),
    stop,
  };
}

/**
 * Waits until a run of fresh connections is answered without a failure: node:cluster hands
 * connections only to workers that listen, but one still loading the app would slow the first
 * seconds of a measure.
 */
async function everyWorkerReady(url: string, workers: number) {
  for (let round = 0; round < 50; round++) {
    const answers = await Promise.all(
      Array.from({ length: workers * 4 }, () =>
        fetchRaw(`${url}/healthz`, {}).then(
          (r) => r.status === 200,
          () => false,
        ),
      ),
    );
    if (answers.every(Boolean)) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  await new Promise((r) => setTimeout(r, 1000));
}

export async function withShop<T>(fn: (shop: ShopServer) => Promise<T>, options?: ShopOptions): Promise<T> {
  const shop = await startShop(options);
  try {
    return await fn(shop);
  } catch (error) {
    // Where a failed part's 500s come from.
    if (shop.stderr().trim()) console.error(`  the server's stderr ends with:\n${shop.stderr().slice(-1500)}`);
    throw error;
  } finally {
    await shop.stop();
  }
}
