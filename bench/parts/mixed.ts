import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { execute, openShopDatabase, rows } from "~/db/shop-file.server";
import { runChild } from "../../tools/load/children";
import { missing, signUpUsers } from "../../tools/load/mixed";
import type { MixedInput, MixedResult } from "../../tools/load/mixed-child";
import { addRow, mb, ms, perSecond, quick } from "../lib/report";
import { BUSY_NAME, clusterWorkerPids, residentBytes, withShop, type ShopServer } from "../lib/server";

const USERS = 200;
/** Resident memory a worker may keep after the load (issue 23: two workers must fit a 1 GB host). */
const RESIDENT_GOAL = 300 * 1024 * 1024;
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 16_000);
/** How long the measured load lasts: BENCH_MIXED_SECONDS for a soak (what a worker keeps after serving long). */
const LOAD_SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 10);
/** A load balancer's health checks (deploy/haproxy.cfg: every second), throughout: a worker they reach must still collect when idle. */
const HEALTH_CHECK_MS = 1000;

/** The processes that serve: each node's cluster workers, or the node's server itself when it serves alone. */
const servingPids = (shop: ShopServer) =>
  shop.nodePids.flatMap((pid) => {
    const workers = clusterWorkerPids(pid);
    return workers.length ? workers : [pid];
  });
// 6. Mixed load: 200 signed-in users at once reading pages and the API and writing (cart,
// quantities, reviews, profile) through the shop's forms and API; then every acknowledged write is
// looked for in the database.
export async function mixed(workers?: number) {
  await withShop(
    async (shop) => {
      // Plenty of stock, so that no cart write is refused for want of it.
      const admin = openShopDatabase(shop.database);
      await execute(admin.q, sql`update products set stock = 100000`);
      const products = (await rows<{ id: string }>(admin.q, sql`select id from products order by seq`)).map(
        (r) => r.id,
      );
      await admin.close();

      const users = await signUpUsers(shop.url, USERS);
      const seconds = quick ? 3 : LOAD_SECONDS;
      // As checkout warms up before it counts (5 s): the first requests of 200 users at once meet
      // routes the process has not run yet, and a fresh process answers about a fifth fewer requests
      // a second for its first 5 s (its code not yet optimised). The warm-up's p99 is printed beside
      // the figure.
      const warmupSeconds = quick ? 1 : 5;
      const inputFile = path.join(shop.dataDir, "mixed-input.json");
      fs.writeFileSync(
        inputFile,
        JSON.stringify({ base: shop.url, warmupSeconds, seconds, users, products } satisfies MixedInput),
      );
      const busyBefore = shop.busy();
      const pids = servingPids(shop);
      const residentBefore = pids.map(residentBytes);
      let residentPeak = residentBefore.slice();
      const sampler = setInterval(
        () => (residentPeak = pids.map((pid, i) => Math.max(residentPeak[i], residentBytes(pid)))),
        250,
      );
      const healthChecks = setInterval(
        () =>
          void fetch(`${shop.url}/healthz`).then(
            (r) => r.arrayBuffer(),
            () => undefined,
          ),
        HEALTH_CHECK_MS,
      );
      const run = await runChild<MixedResult>("tools/load/mixed-child.ts", [inputFile]);
      clearInterval(sampler);
      const busy = shop.busy() - busyBefore;
      // What a worker keeps once the load is over: an idle worker collects its garbage within 10 s
      // (server/idle-collect.server.ts).
      await new Promise((r) => setTimeout(r, SETTLE_MS));
      const residentAfter = pids.map(residentBytes);
      clearInterval(healthChecks);
      const lost = await missing(shop.database, run.expectations);

      for (const example of run.examples) console.log(`  e.g. ${example}`);
      for (const [what, k] of Object.entries(run.kinds))
        console.log(`  ${what}: ${k.count.toLocaleString("en")} answered, p50 ${ms(k.p50)}, p99 ${ms(k.p99)}`);
      if (run.errors + run.unexpected + busy > 0)
        console.log(`  the server's stderr ends with:\n${shop.stderr().slice(-2000)}`);
      for (const e of lost.slice(0, 5))
        console.log(
          `  not in the database: ${e.kind} of ${e.email}${e.productId ? ` for ${e.productId}` : ""}, expected ${JSON.stringify(e.values)}, found ${JSON.stringify(e.found)}`,
        );
      const failed = run.errors + run.unexpected;
      addRow({
        part: "mixed",
        workers: shop.workers,
        measure: `${USERS} signed-in users on ${USERS} connections for ${seconds} s after ${warmupSeconds} s of warm-up, 65% reads (pages, API), 35% writes (cart, quantity, review, profile): req/s, p50 / p99`,
        value: `${perSecond(run.requests / run.seconds)}, ${ms(run.p50)} / ${ms(run.p99)}`,
        reference: `${run.reads.toLocaleString("en")} reads, ${run.writes.toLocaleString("en")} writes (write p99 ${ms(run.writeP99)}); warm-up: ${run.warmup.requests.toLocaleString("en")} requests, p99 ${ms(run.warmup.p99)}`,
        goal: "p99 < 500 ms",
        met: run.p99 < 500,
      });
      addRow({
        part: "mixed",
        workers: shop.workers,
        measure: `network errors / non-2xx-3xx answers / other unexpected answers / ${BUSY_NAME} on the server's stderr`,
        value: `${run.errors} / ${run.non2xx3xx} / ${run.unexpected - run.non2xx3xx} / ${busy}`,
        goal: "none",
        met: failed === 0 && busy === 0,
      });
      const perWorker = (values: number[]) => values.map(mb).join(", ");
      // A shop serving alone is one process that also runs the payment sandbox's and the mail
      // thread's heaps and the primary's jobs: shown, but the goal is a worker's.
      const workers = !shop.nodePids.includes(pids[0]);
      addRow({
        part: "mixed",
        workers: shop.workers,
        measure: `resident memory ${workers ? "per worker" : shop.nodePids.length > 1 ? "of each node's one process (mail thread included)" : "of the one process (sandbox and mail threads included)"} (VmRSS) ${SETTLE_MS / 1000} s after the mixed load`,
        value: perWorker(residentAfter),
        reference: `before the load: ${perWorker(residentBefore)}; peak during it: ${perWorker(residentPeak)}`,
        ...(workers ? { goal: `< ${mb(RESIDENT_GOAL)}`, met: Math.max(...residentAfter) < RESIDENT_GOAL } : {}),
      });
      const acknowledged = Object.values(run.acknowledged).reduce((a, b) => a + b, 0);
      addRow({
        part: "mixed",
        workers: shop.workers,
        measure:
          "nothing lost: every cart line, review and profile holds its last acknowledged write (database read afterwards)",
        value: lost.length
          ? `${lost.length} of ${run.expectations.length} do not`
          : `all ${run.expectations.length.toLocaleString("en")} do`,
        reference: `${acknowledged.toLocaleString("en")} writes acknowledged: ${Object.entries(run.acknowledged)
          .map(([kind, n]) => `${kind} ${n.toLocaleString("en")}`)
          .join(", ")}`,
        goal: "all",
        met: lost.length === 0,
      });
    },
    { workers },
  );
}
