import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buyOnce, saveShipping, type Product, type Tally } from "../tools/load/checkout";
import { request, Shopper, type ShopResponse } from "../tools/load/client";
import type { Cluster } from "../tools/pg/throwaway-cluster";
import {
  get,
  isAlive,
  shopProcesses,
  startShopOnItsOwnServer,
  until,
  type ShopOnItsOwnServer,
} from "../tests/unit/built-shop";

// PostgreSQL restarted under checkout and read load, as a managed restart or a failover does it
// (`pg_ctl -m fast`: every session ended with 57P01) and as a crash does (`-m immediate`), with the
// built shop running a primary and two workers: no process dies, every answer is the one the load
// expects or a 503, every acknowledged order is in the database, every worker answers again within
// a few seconds of the database's return, and the log holds a line or two per process and outage,
// no stack. Needs `npm run build`.

const BUYERS = 4;
const READERS = 3;
const ORDERS_BETWEEN_RESTARTS = 3;
const BACK_WITHIN_MS = 5_000;
/** Consecutive health checks, each on a new connection, that must answer 200: node:cluster deals new connections to the workers in turn. */
const HEALTHY_IN_A_ROW = 6;
/** What the load's own requests answer when all is well: pages and API reads (200), a registration and an order (201), the add-to-cart form's redirect (302). */
const EXPECTED = new Set([200, 201, 302]);
const MAX_LOG_LINES_PER_PROCESS_AND_OUTAGE = 3;
const isExpected = (status: Status) => EXPECTED.has(status as number) || status === CART_EMPTIED_BY_A_LATE_PAYMENT;

type Status =
  | number
  | "network error"
  | "503 without Retry-After"
  | "503 of the API not in its JSON"
  | typeof CART_EMPTIED_BY_A_LATE_PAYMENT;

/**
 * A payment whose order/new got the outage's 503 is settled later by its webhook (the sandbox tries
 * again), and settling empties the buyer's cart, with the line the buyer's next round put in it: that
 * round's payment is then refused, with the cart's own message. A client's answer, not the server's.
 */
const CART_EMPTIED_BY_A_LATE_PAYMENT = "400: the cart emptied by an earlier payment settled late";

/** The answer's status, unless it is a 503 that does not say when to try again, or an API one not in the API's shape. */
function statusOf(url: string, res: ShopResponse): Status {
  if (res.status === 400 && url === "/api/v1/payment/process" && /Your cart is empty/.test(res.body().toString()))
    return CART_EMPTIED_BY_A_LATE_PAYMENT;
  if (res.status !== 503) return res.status;
  if (res.headers.get("retry-after") === null) return "503 without Retry-After";
  if (!url.startsWith("/api/v1/")) return 503;
  try {
    return (JSON.parse(res.body().toString()) as { success?: unknown }).success === false
      ? 503
      : "503 of the API not in its JSON";
  } catch {
    return "503 of the API not in its JSON";
  }
}

describe("PostgreSQL restarted while buyers and readers are active", () => {
  let setup: ShopOnItsOwnServer;
  let cluster: Cluster;
  let port: number;

  beforeAll(async () => {
    // Commits durable: a crash (-m immediate) must not lose what the shop acknowledged.
    setup = await startShopOnItsOwnServer({ durable: true, webConcurrency: 2 });
    ({ cluster, port } = setup);
  }, 120_000);

  afterAll(() => setup?.stop());

  /** One query on a connection of its own (the server restarts between this test's queries). */
  async function query<T extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<T[]> {
    const db = new pg.Client({ connectionString: cluster.urlOf("shop") });
    await db.connect();
    try {
      return (await db.query<T>(text, values)).rows;
    } finally {
      await db.end();
    }
  }

  /** When the health check (a query) began to answer 200 on every worker: the first of HEALTHY_IN_A_ROW in a row. */
  async function answeringOnEveryWorker(): Promise<number> {
    const since = performance.now();
    let firstOfRow = 0;
    for (let inARow = 0; inARow < HEALTHY_IN_A_ROW;) {
      const asked = performance.now();
      if ((await get(port, "/healthz").catch(() => null))?.status === 200) {
        if (inARow++ === 0) firstOfRow = asked;
        continue;
      }
      inARow = 0;
      if (performance.now() - since > 30_000) throw new Error("The shop did not answer 200 again within 30 s");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return firstOfRow;
  }

  it("keeps every process, answers 200 or 503, loses no acknowledged order and serves again within seconds", async () => {
    await query("UPDATE products SET stock = 100000");
    const catalogue = (
      await query<Product>(`SELECT id, price_cents AS "priceCents" FROM products ORDER BY seq LIMIT 4`)
    ).slice(1);

    const answers = new Map<Status, number>();
    // Each answer that is neither a 503 nor an expected one, with what it said.
    const unexpected: string[] = [];
    let counting = false;
    const count = (status: Status) => counting && answers.set(status, (answers.get(status) ?? 0) + 1);
    class CountedShopper extends Shopper {
      override async request(...args: Parameters<Shopper["request"]>) {
        try {
          const res = await super.request(...args);
          const status = statusOf(args[0], res);
          count(status);
          if (counting && status !== 503 && !isExpected(status))
            unexpected.push(`${args[0]} ${status}: ${res.body().toString().slice(0, 200)}`);
          return res;
        } catch (error) {
          count("network error");
          throw error;
        }
      }
    }
    const buyers: Shopper[] = [];
    for (let i = 0; i < BUYERS + 1; i++) {
      const buyer = new CountedShopper(`http://127.0.0.1:${port}`);
      const res = await buyer.request("/api/v1/register", {
        json: { name: `Restart Buyer ${i}`, email: `restart-buyer-${i}@example.com`, password: "restart-password-1" },
      });
      expect(res.status).toBe(201);
      await saveShipping(buyer, catalogue[0].id);
      buyers.push(buyer);
    }
    const signedInReader = buyers.pop()!;

    const processesBefore = shopProcesses(setup.shop.child.pid!);
    const logFrom = setup.shop.output().length;
    counting = true;
    let loading = true;
    const acknowledged: string[] = [];
    const tally: Tally = { paid: 0, soldOut: 0, failures: [], latencies: [] };
    const buying = buyers.map(async (buyer, b) => {
      for (let n = b; loading; n += BUYERS) {
        const product = catalogue[n % catalogue.length];
        const id = await buyOnce(`http://127.0.0.1:${port}/_sandbox`, buyer, product, 1, tally).catch(() => undefined);
        if (id) {
          acknowledged.push(id);
          continue;
        }
        // A step refused meanwhile leaves the product in the cart, whose total would then not match
        // the next payment's amount: emptied first, once the shop answers again.
        while (
          loading &&
          (await buyer.request("/cart", { form: { intent: "remove", productId: product.id } }).then(
            (res) => res.status === 503,
            () => true,
          ))
        );
      }
    });
    const readUrls = [
      "/",
      "/?page=2",
      "/api/v1/products",
      "/api/v1/products?page=2",
      ...catalogue.flatMap((p) => [`/product/${p.id}`, `/api/v1/product/${p.id}`]),
    ];
    const reading = Array.from({ length: READERS }, async (_, r) => {
      for (let n = r; loading; n++) {
        const url = readUrls[n % readUrls.length];
        await request(`http://127.0.0.1:${port}${url}`).then(
          (res) => count(statusOf(url, res)),
          () => count("network error"),
        );
      }
    });
    const signedInReading = (async () => {
      for (let n = 0; loading; n++)
        await signedInReader.request(n % 2 ? "/orders/me" : "/api/v1/orders/me").catch(() => undefined);
    })();

    const ordersAtLeast = (n: number) =>
      until(
        `${n} acknowledged orders`,
        async () => acknowledged.length,
        (got) => got >= n,
        60_000,
      );
    await ordersAtLeast(ORDERS_BETWEEN_RESTARTS);
    const restarts: { mode: string; downMs: number; backMs: number; ordersBefore: number }[] = [];
    for (const mode of ["fast", "immediate"] as const) {
      const ordersBefore = acknowledged.length;
      const since = performance.now();
      await cluster.restart(mode);
      const returned = performance.now();
      const back = await answeringOnEveryWorker();
      restarts.push({ mode, downMs: returned - since, backMs: back - returned, ordersBefore });
      // Checkouts go through again after it.
      await ordersAtLeast(ordersBefore + ORDERS_BETWEEN_RESTARTS);
    }
    loading = false;
    await Promise.all([...buying, ...reading, signedInReading]);
    counting = false;

    const processesAfter = shopProcesses(setup.shop.child.pid!);
    const [{ n: found }] = await query<{ n: number }>(
      "SELECT count(*)::int AS n FROM orders WHERE id = ANY($1) AND payment_status = 'succeeded'",
      [acknowledged],
    );
    const log = setup.shop
      .output()
      .slice(logFrom)
      .split("\n")
      // Not the order confirmations the outbox saves (one line each, as it always does).
      .filter((line) => line.trim() && !line.startsWith("==> Mail "));

    const byStatus = [...answers].sort(([a], [b]) => String(a).localeCompare(String(b)));
    console.log(
      [
        `Answers by status: ${byStatus.map(([status, n]) => `${status}: ${n}`).join(", ")}`,
        `Processes alive before: ${processesBefore.length} (${processesBefore.join(", ")}); after: ${processesAfter.filter(isAlive).length} (${processesAfter.join(", ")})`,
        ...restarts.map(
          (r) =>
            `pg_ctl restart -m ${r.mode}: the database away for ${r.downMs.toFixed(0)} ms; every worker answering 200 again ${r.backMs.toFixed(0)} ms after its return`,
        ),
        `Orders acknowledged: ${acknowledged.length}; found paid in the database: ${found}; checkouts refused meanwhile: ${tally.failures.length}`,
        ...unexpected.map((answer) => `Unexpected: ${answer}`),
        `The shop's log meanwhile (${log.length} lines):`,
        ...log.map((line) => `  ${line}`),
      ].join("\n"),
    );

    expect(processesAfter).toEqual(processesBefore);
    expect(processesBefore).toHaveLength(3);
    expect(processesAfter.every(isAlive)).toBe(true);
    expect(byStatus.filter(([status]) => status !== 503 && !isExpected(status))).toEqual([]);
    expect(found).toBe(acknowledged.length);
    for (const r of restarts) expect(r.backMs).toBeLessThan(BACK_WITHIN_MS);
    // No stack: neither its frames nor the error's own first line (the sandbox's one-line give-up of a
    // webhook the shop answered 503 may be there: the order went through the API's order/new).
    expect(log.filter((line) => /^\s+at \S|Unhandled|^\w*error\b/i.test(line))).toEqual([]);
    expect(log.length).toBeLessThanOrEqual(
      processesBefore.length * restarts.length * MAX_LOG_LINES_PER_PROCESS_AND_OUTAGE,
    );
  }, 180_000);
});
