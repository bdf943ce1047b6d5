import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createDatabase } from "../scripts/pg/databases";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startThrowawayCluster, type Cluster } from "../scripts/pg/throwaway-cluster";

// The built shop on a PostgreSQL server of its own, which goes away and comes back: pages and API
// calls get 503s meanwhile, never a hung request, and the shop serves again by itself. Also the
// one-line start-up errors for a database that cannot be used. Needs `npm run build` (npm test
// builds before the unit tests).

const HANG_GUARD_MS = 15_000;

type Answer = { status: number; headers: Headers; text: string };

async function get(port: number, url: string): Promise<Answer> {
  const response = await fetch(`http://127.0.0.1:${port}${url}`, { signal: AbortSignal.timeout(HANG_GUARD_MS) });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

function startShop(databaseUrl: string, port: number, dir: string, sessionSecret = "outage-test-secret") {
  const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: sessionSecret,
      UPLOADS_DIR: path.join(dir, "uploads"),
      OUTBOX_DIR: path.join(dir, "outbox"),
      WEB_CONCURRENCY: "1",
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

async function until<T>(what: string, read: () => Promise<T>, ok: (value: T) => boolean, ms = 60_000): Promise<T> {
  const since = Date.now();
  for (;;) {
    const value = await read().catch(() => undefined);
    if (value !== undefined && ok(value)) return value;
    if (Date.now() - since > ms) throw new Error(`Gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe("a PostgreSQL server that goes away while the shop serves", () => {
  let cluster: Cluster;
  let shop: ReturnType<typeof startShop>;
  let port: number;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-outage-"));

  beforeAll(async () => {
    if (!fs.existsSync("build/server/main.js")) throw new Error("No build: run `npm run build` first.");
    cluster = await startThrowawayCluster();
    await createDatabase(cluster.url, "shop");
    port = await freePort();
    shop = startShop(cluster.urlOf("shop"), port, dir);
    await until(
      "the shop to start",
      () => get(port, "/healthz"),
      (a) => a.status === 200,
    );
  }, 120_000);

  afterAll(async () => {
    shop?.child.kill("SIGTERM");
    await shop?.exited;
    await cluster?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("answers 503 with Retry-After meanwhile, pages and API alike, and serves again once it is back", async () => {
    expect((await get(port, "/")).status).toBe(200);
    expect((await get(port, "/api/v1/products")).status).toBe(200);

    await cluster.pause();
    try {
      const page = await until(
        "a 503 page",
        () => get(port, "/?page=2"),
        (a) => a.status !== 200,
        20_000,
      );
      expect(page.status).toBe(503);
      expect(page.headers.get("retry-after")).toBe("5");
      expect(page.text).toContain("cannot reach its database");
      const api = await get(port, "/api/v1/products?page=2");
      expect(api.status).toBe(503);
      expect(JSON.parse(api.text)).toMatchObject({ success: false, message: expect.stringContaining("database") });
      // Nothing cached is served either while the catalogue version cannot be followed.
      expect((await get(port, "/")).status).toBe(503);
      expect((await get(port, "/healthz")).status).toBe(503);
    } finally {
      // Resumed whatever happened, so that the next test finds the server up.
      await cluster.resume();
    }
    await until(
      "the shop to serve again",
      () => get(port, "/?page=2"),
      (a) => a.status === 200,
      30_000,
    );
    expect((await get(port, "/api/v1/products?page=2")).status).toBe(200);
    expect((await get(port, "/")).status).toBe(200);
  }, 120_000);

  it("stops start-up with one line without SESSION_SECRET, which every node must share", async () => {
    const unsigned = startShop(cluster.urlOf("shop"), await freePort(), dir, "");
    expect(await unsigned.exited).toBe(1);
    expect(unsigned.output().trim()).toMatch(/^SESSION_SECRET: must be set when DATABASE_URL is PostgreSQL/);
    expect(unsigned.output().trim().split("\n")).toHaveLength(1);
  }, 60_000);

  it("stops start-up with one line for a database that does not exist or a user it does not know", async () => {
    const missing = startShop(cluster.urlOf("no_such_shop"), await freePort(), dir);
    expect(await missing.exited).toBe(1);
    expect(missing.output().trim()).toMatch(
      /^DATABASE_URL: the database "no_such_shop" does not exist at 127\.0\.0\.1:\d+/,
    );
    expect(missing.output().trim().split("\n")).toHaveLength(1);

    const stranger = startShop(cluster.urlOf("shop").replace("shop@", "stranger@"), await freePort(), dir);
    expect(await stranger.exited).toBe(1);
    expect(stranger.output().trim()).toMatch(
      /^DATABASE_URL: PostgreSQL at 127\.0\.0\.1:\d+ refused the user "stranger"/,
    );
  }, 60_000);
});
