import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { listenerName } from "../../app/db/dialect/pg/listener-name";
import { createDatabase } from "../../tools/pg/databases";
import { startThrowawayCluster } from "../../tools/pg/throwaway-cluster";
import { e2eEnv } from "../../tests/e2e/support/env";
import { freePorts } from "../../tests/e2e/support/free-ports";
import { mainShopEnv } from "../../tests/e2e/support/shop-env";
import { startSmtpSink } from "../../tests/e2e/support/smtp-sink";
import { startHaproxy, waitForRotation } from "../../tools/haproxy";
import { invalidationChecks } from "./invalidation";
import { killTest } from "./kill";
import { startProgram, waitForOk, type Program } from "../../tools/processes";
import { startLocalS3 } from "./s3";
import { startFreezableProxy } from "./freezable-proxy";
import { uploadsShared } from "./uploads";
import { recordStage } from "../test/stage-log";

// npm run test:scale (issue 26): the shop as many nodes on one machine, on loopback only.
//  1. a throwaway PostgreSQL, an S3-compatible server (s3rver), an SMTP sink and the payment
//     sandbox, once;
//  2. two nodes (one process each) started at the same moment on one empty database: seeded once;
//  3. HAProxy in front: round robin, no stickiness, health checks on /healthz;
//  4. the Playwright suite through the load balancer, its projects that reach the server's every
//     path: JavaScript off (every form to its action) and the API, and the Stripe-keys shop; the
//     JavaScript-on pass of the same flows ran on SQLite before (--every-project runs it here too);
//     then a picture uploaded through node A is served by node B (one bucket);
//  5. a price changed on node A shows on node B's cached page within a second; B's LISTEN
//     connection cut, B serves nothing stale;
//  6. shoppers and buyers through the load balancer, node B killed (SIGKILL) in the middle and
//     started again: nothing acknowledged lost, the books add up, each order's mail sent once.
// Arguments after `--` go to Playwright (a file, --grep…); --no-suite skips step 4.

const args = process.argv.slice(2);
const runSuite = !args.includes("--no-suite");
const everyProject = args.includes("--every-project");
const playwrightArgs = args.filter((a) => a !== "--no-suite" && a !== "--every-project");
const log = (line: string) => console.log(`[scale] ${line}`);
const failures: string[] = [];
const programs: Program[] = [];
const stops: (() => Promise<void>)[] = [];
const started = performance.now();

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-scale-"));
const cluster = await startThrowawayCluster();
let code = 1;
try {
  const shopDatabase = await createDatabase(cluster.url, "shop");
  const keysDatabase = await createDatabase(cluster.url, "shop_keys");
  const [lb, a, b, sandboxPort, smtp, oidc, keys, keysSandbox, storefront] = freePorts(9);
  // The suite's settings (tests/e2e/support/env.ts), for this process and every one it starts.
  Object.assign(process.env, {
    E2E_PORT: String(lb),
    E2E_SMTP_PORT: String(smtp),
    E2E_OIDC_PORT: String(oidc),
    E2E_KEYS_PORT: String(keys),
    E2E_KEYS_SANDBOX_PORT: String(keysSandbox),
    E2E_STOREFRONT_PORT: String(storefront),
    E2E_DATA_DIR: dataDir,
    E2E_DATABASE_URL: shopDatabase,
    E2E_KEYS_DATABASE_URL: keysDatabase,
    E2E_EXTERNAL_SHOP: "1",
    E2E_SERVER_PATHS: everyProject ? "0" : "1",
    // Node A itself, for the specs that test a node's own edge in raw HTTP (limits-api, fuzz).
    E2E_NODE_URL: `http://127.0.0.1:${a}`,
  });
  const env = e2eEnv();
  const lbUrl = `http://127.0.0.1:${lb}`;
  const stopSmtp = await startSmtpSink(smtp, env.mailDir);
  const s3 = await startLocalS3();
  stops.push(() => s3.stop());

  const base = mainShopEnv(lb, env);
  const sandbox = startProgram("the payment sandbox", ["node", "--import", "tsx", "sandbox/standalone.ts"], {
    SESSION_SECRET: base.SESSION_SECRET,
    STRIPE_SECRET_KEY: "",
    SANDBOX_PORT: String(sandboxPort),
    WEBHOOK_URL: `${lbUrl}/webhooks/stripe`,
    SANDBOX_PUBLIC_URL: `${lbUrl}/_sandbox`,
  });
  programs.push(sandbox);

  // Both nodes share the database, the sandbox and the bucket of uploads (given to the nodes only:
  // the shops some specs start of their own keep a folder).
  // Node B reaches the database through a proxy that can freeze its listening connection.
  const proxyB = await startFreezableProxy({ host: "127.0.0.1", port: cluster.port });
  stops.push(() => proxyB.close());
  const databaseOf = (name: string) => {
    if (!name.startsWith("B")) return shopDatabase;
    const url = new URL(shopDatabase);
    url.port = String(proxyB.port);
    return url.toString();
  };
  const startNode = (name: string, port: number) =>
    startProgram(`node ${name}`, ["node", "--import", "tsx", "server.ts"], {
      ...base,
      ...s3.env,
      DATABASE_URL: databaseOf(name),
      PORT: String(port),
      WEB_CONCURRENCY: "1",
      STRIPE_SANDBOX_URL: `http://127.0.0.1:${sandboxPort}`,
    });
  const nodes = { A: startNode("A", a), B: startNode("B", b) };
  const urlOf = (port: number) => `http://127.0.0.1:${port}`;
  programs.push(nodes.A, nodes.B);
  await waitForOk(`http://127.0.0.1:${sandboxPort}/v3/`, sandbox);
  await Promise.all([
    waitForOk(`http://127.0.0.1:${a}/healthz`, nodes.A),
    waitForOk(`http://127.0.0.1:${b}/healthz`, nodes.B),
  ]);
  log(
    `Nodes A (:${a}) and B (:${b}) started together: up after ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  failures.push(...(await seededOnce(shopDatabase)));

  const balancer = startHaproxy(dataDir, lb, [
    { name: "a", port: a },
    { name: "b", port: b },
  ]);
  programs.push(balancer);
  await waitForRotation(balancer, ["a", "b"]);
  log(`HAProxy at ${lbUrl}: both nodes in rotation`);
  recordStage({ name: "two nodes: start", seconds: (performance.now() - started) / 1000, ok: true, part: true });

  if (runSuite) {
    const before = await balancer.servers();
    const suite = await run("npx", ["playwright", "test", ...playwrightArgs]);
    const after = await balancer.servers();
    const served = ["a", "b"].map(
      (n) => `${n.toUpperCase()} ${(after.get(n)!.requests - before.get(n)!.requests).toLocaleString("en")}`,
    );
    log(
      `The Playwright suite through the load balancer: ${suite === 0 ? "passed" : "FAILED"}; requests served: ${served.join(", ")}`,
    );
    if (suite !== 0) failures.push("the Playwright suite failed through the load balancer");
  }

  // After the suite: its product would be the home page's latest.
  failures.push(
    ...(await step("uploads", () =>
      uploadsShared({ nodeA: urlOf(a), nodeB: urlOf(b), uploadsDir: base.UPLOADS_DIR, log }),
    )),
  );

  failures.push(
    ...(await step("invalidation", () =>
      invalidationChecks({
        nodeA: urlOf(a),
        nodeB: urlOf(b),
        databaseUrl: shopDatabase,
        nodeBPid: nodes.B.child.pid!,
        freezeListenerOfB: () => proxyB.freeze(listenerName(nodes.B.child.pid!)),
        log,
      }),
    )),
  );

  failures.push(
    ...(await step("kill", () =>
      killTest({
        lbUrl,
        databaseUrl: shopDatabase,
        mailDir: env.mailDir,
        dataDir,
        balancer,
        nodeB: () => nodes.B,
        startNodeB: () => {
          nodes.B = startNode("B (restarted)", b);
          programs.push(nodes.B);
          return nodes.B;
        },
        nodeBUrl: urlOf(b),
        log,
      }),
    )),
  );

  await stopSmtp();
  code = failures.length ? 1 : 0;
} catch (error) {
  failures.push(error instanceof Error ? error.message : String(error));
} finally {
  for (const program of programs.reverse()) {
    const how = await program.stop();
    if (failures.length && program.name.startsWith("node"))
      log(`${program.name} (${how}) wrote last:\n${program.output().slice(-3000)}`);
  }
  for (const stop of stops) await stop().catch(() => {});
  await cluster.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
for (const failure of failures) log(`FAILED: ${failure}`);
log(`${failures.length ? "failed" : "passed"} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
process.exit(failures.length ? 1 : code);

/** The demo catalogue and its accounts exist once, though two nodes prepared the empty database at the same moment. */
async function seededOnce(databaseUrl: string): Promise<string[]> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const { rows } = await db.query<{ products: string; names: string; admins: string }>(
    `SELECT (SELECT count(*) FROM products) AS products, (SELECT count(DISTINCT name) FROM products) AS names,
            (SELECT count(*) FROM users WHERE email = 'admin@example.com') AS admins`,
  );
  await db.end();
  const { products, names, admins } = rows[0];
  log(`Seeded once: ${products} products (${names} names), ${admins} demo admin`);
  // (count() is a bigint: a string, or a number once the shop's own modules have set pg's parsers.)
  return Number(products) > 0 && Number(products) === Number(names) && Number(admins) === 1
    ? []
    : ["the demo data was not seeded exactly once"];
}

/** Runs one step after the suite, and adds it to npm test's stage table. */
async function step(name: string, checks: () => Promise<string[]>): Promise<string[]> {
  const began = performance.now();
  const found = await checks();
  recordStage({
    name: `two nodes: ${name}`,
    seconds: (performance.now() - began) / 1000,
    ok: !found.length,
    part: true,
  });
  return found;
}

function run(command: string, commandArgs: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { stdio: "inherit", env: process.env });
    child.on("exit", (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
  });
}
