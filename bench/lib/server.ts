import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export type ShopServer = {
  url: string;
  port: number;
  /** The server process, e.g. to read its memory from /proc. */
  pid: number;
  sandboxPort: number;
  databaseFile: string;
  dataDir: string;
  /** What the server wrote to stderr lately (errors such as SQLITE_BUSY show here). */
  stderr: () => string;
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
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`npm run build exited ${code}:\n${output}`))));
  });
  built = true;
}

/** Extra node flags for the server, e.g. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof". */
const nodeArgs = () => (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean);

/**
 * Starts the production server (`node --import tsx server.ts`) on a fresh temporary database with
 * the demo catalogue, as a self-hoster would run it, plus BENCH_CEILING=1 (the constant-string
 * reference route) and a high login rate limit (many buyers sign in from 127.0.0.1).
 */
export async function startShop(extraEnv: Record<string, string> = {}): Promise<ShopServer> {
  await ensureBuild();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shopit-bench-"));
  const databaseFile = path.join(dataDir, "shop.db");
  const port = await freePort();
  const sandboxPort = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs(), "--import", "tsx", "server.ts"], {
    stdio: ["ignore", "ignore", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATABASE_URL: `file:${databaseFile}`,
      SESSION_SECRET: "bench-session-secret",
      SEED: "demo",
      LOG_REQUESTS: "false",
      PUBLIC_URL: url,
      RATE_LIMIT_PER_IP: "1000000",
      RATE_LIMIT_PER_EMAIL: "1000000",
      STRIPE_SANDBOX_PORT: String(sandboxPort),
      BENCH_CEILING: "1",
      ...extraEnv,
    },
  });
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr += chunk;
    if (stderr.length > 20_000) stderr = stderr.slice(-10_000);
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const deadline = Date.now() + 60_000;
  for (;;) {
    const up = await fetch(`${url}/healthz`).then((r) => r.ok, () => false);
    if (up) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`The shop did not start:\n${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    port,
    pid: child.pid!,
    sandboxPort,
    databaseFile,
    dataDir,
    stderr: () => stderr,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 8000);
        await exited;
        clearTimeout(timer);
      }
      if (process.env.BENCH_DEBUG && stderr.trim()) console.error(stderr);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function withShop<T>(fn: (shop: ShopServer) => Promise<T>, extraEnv?: Record<string, string>): Promise<T> {
  const shop = await startShop(extraEnv);
  try {
    return await fn(shop);
  } finally {
    await shop.stop();
  }
}
