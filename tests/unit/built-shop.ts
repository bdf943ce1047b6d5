import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createDatabase } from "../../tools/pg/databases";
import { freePort, startThrowawayCluster, type Cluster } from "../../tools/pg/throwaway-cluster";

// The built shop (build/server) as a child process on a database of the test's own, for the tests
// that take its database away (server/database-outage.pg.test.ts, server/database-restart.pg.test.ts).

const HANG_GUARD_MS = 15_000;

export type Answer = { status: number; headers: Headers; text: string };

/** One GET on a connection of its own (so that node:cluster hands it to the next worker in turn). */
export async function get(port: number, url: string): Promise<Answer> {
  const response = await fetch(`http://127.0.0.1:${port}${url}`, {
    signal: AbortSignal.timeout(HANG_GUARD_MS),
    headers: { connection: "close" },
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

export type BuiltShopOptions = {
  databaseUrl: string;
  port: number;
  /** Where its uploads and mail outbox go. */
  dir: string;
  sessionSecret?: string;
  webConcurrency?: number;
};

export function startBuiltShop({
  databaseUrl,
  port,
  dir,
  sessionSecret = "outage-test-secret",
  webConcurrency = 1,
}: BuiltShopOptions) {
  const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: sessionSecret,
      UPLOADS_DIR: path.join(dir, "uploads"),
      OUTBOX_DIR: path.join(dir, "outbox"),
      WEB_CONCURRENCY: String(webConcurrency),
      LOG_REQUESTS: "false",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number>((resolve) => child.on("exit", (code) => resolve(code ?? 1)));
  return { child, exited, output: () => output };
}

/**
 * The pids of the shop's processes: its primary and the primary's children that are Node (the
 * workers; not, say, the esbuild service tsx starts while its cache is cold).
 */
export function shopProcesses(primaryPid: number): number[] {
  const children = execFileSync("ps", ["-o", "pid=,comm=", "--ppid", String(primaryPid)], { encoding: "utf8" })
    .split("\n")
    .map((line) => line.trim().split(/\s+/))
    .filter(([pid, command]) => pid && command === "node")
    .map(([pid]) => Number(pid));
  return [primaryPid, ...children];
}

/** Whether a process is alive (signal 0 asks without sending anything). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Reads until `ok` holds (a failed read counts as not yet), every 200 ms, for at most `ms`. */
export async function until<T>(
  what: string,
  read: () => Promise<T>,
  ok: (value: T) => boolean,
  ms = 60_000,
): Promise<T> {
  const since = Date.now();
  for (;;) {
    const value = await read().catch(() => undefined);
    if (value !== undefined && ok(value)) return value;
    if (Date.now() - since > ms) throw new Error(`Gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export type ShopOnItsOwnServer = {
  cluster: Cluster;
  shop: ReturnType<typeof startBuiltShop>;
  port: number;
  dir: string;
  /** Stops the shop, then the server, and removes the folder. */
  stop(): Promise<void>;
};

/** A throwaway PostgreSQL server with an empty database "shop", and the built shop started on it, answering. */
export async function startShopOnItsOwnServer({
  durable = false,
  webConcurrency = 1,
}: { durable?: boolean; webConcurrency?: number } = {}): Promise<ShopOnItsOwnServer> {
  if (!fs.existsSync("build/server/main.js")) throw new Error("No build: run `npm run build` first.");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-on-its-server-"));
  const cluster = await startThrowawayCluster({ durable });
  let shop: ReturnType<typeof startBuiltShop> | undefined;
  const stop = async () => {
    shop?.child.kill("SIGTERM");
    await shop?.exited;
    await cluster.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await createDatabase(cluster.url, "shop");
    const port = await freePort();
    shop = startBuiltShop({ databaseUrl: cluster.urlOf("shop"), port, dir, webConcurrency });
    await until(
      "the shop to start",
      () => get(port, "/healthz"),
      (a) => a.status === 200,
    );
    return { cluster, shop, port, dir, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
