import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "@playwright/test";
import { freePorts } from "./free-ports";
import { freshDatabase } from "./fresh-database";
import { E2E_SESSION_SECRET } from "./shop-env";

/**
 * A shop of the test's own (the production build, one process, a fresh database, no demo data),
 * whose output the test reads: the shared test server's log is not visible to tests.
 */
export async function startOwnShop(env: Record<string, string> = {}) {
  const [port] = freePorts(1);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-own-"));
  const base = `http://127.0.0.1:${port}`;
  const databaseUrl = await freshDatabase(dir, "own_shop");
  const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      UPLOADS_DIR: path.join(dir, "uploads"),
      // The suite's, so that signInAs works here too.
      SESSION_SECRET: E2E_SESSION_SECRET,
      SEED: "none",
      PUBLIC_URL: base,
      WEB_CONCURRENCY: "1",
      RATE_LIMIT_PER_IP: "100000",
      RATE_LIMIT_API_REGISTRATIONS_PER_IP: "100000",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));

  const deadline = Date.now() + 90_000;
  while (!(await answers(`${base}/healthz`))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill();
      throw new Error(`the shop did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const readyAt = output.length;

  return {
    base,
    /** Its database, as signInAs takes it (a SQLite file's path, or a postgres:// URL). */
    database: databaseUrl.replace(/^file:/, ""),
    /** Everything the shop wrote to stdout and stderr since it was ready. */
    log: () => output.slice(readyAt),
    /** What it wrote while starting (the setup link of a shop without an admin, say). */
    startLog: () => output.slice(0, readyAt),
    async stop() {
      child.kill("SIGTERM");
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type OwnShop = Awaited<ReturnType<typeof startOwnShop>>;

/**
 * One shop of its own for the tests of this file (or describe block), in each worker that runs them:
 * started before the first, stopped after the last. Its fields are read once it has started.
 */
export function ownShopForTests(env: Record<string, string> = {}): OwnShop {
  let shop: OwnShop | undefined;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    shop = await startOwnShop(env);
  });
  test.afterAll(async () => {
    await shop?.stop();
  });
  return new Proxy({} as OwnShop, {
    get(_, field) {
      if (!shop) throw new Error("the shop of these tests starts before the first of them (test.beforeAll)");
      return Reflect.get(shop, field);
    },
  });
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}
