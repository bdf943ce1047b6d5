import pg from "pg";
import { listenerName } from "../../app/db/dialect/pg/listener-name";

// Step 5 of test:scale: a price changed through node A shows on node B's anonymous (cached) product
// page within a second; with B's LISTEN connection cut, B serves nothing stale, and once it is back
// B follows changes again.

const ADMIN = { email: "admin@example.com", password: "admin12345" };
const LAG_GOAL_MS = 1_000;
const POLL_MS = 5;

type Product = {
  _id: string;
  name: string;
  price: number;
  description: string;
  category: string;
  seller: string;
  stock: number;
};

/** The demo admin's session cookie on the shop at `base`. */
export async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/v1/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  if (res.status !== 200) throw new Error(`Signing in as the admin on ${base} answered ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

async function product(base: string, id: string): Promise<Product> {
  const res = await fetch(`${base}/api/v1/product/${id}`);
  return ((await res.json()) as { product: Product }).product;
}

/** Sets the price through node `base` (the admin API); resolves when the shop has answered, that is committed. */
async function setPrice(base: string, cookie: string, p: Product, price: number): Promise<number> {
  const res = await fetch(`${base}/api/v1/admin/product/${p._id}`, {
    method: "PUT",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify({
      name: p.name,
      description: p.description,
      category: p.category,
      seller: p.seller,
      stock: p.stock,
      price,
    }),
  });
  if (res.status !== 200) throw new Error(`The price change answered ${res.status}: ${await res.text()}`);
  return performance.now();
}

const shows = (html: string, price: number) => html.includes(`"price":"${price.toFixed(2)}"`);
const page = async (base: string, id: string, cookie?: string) =>
  (await fetch(`${base}/product/${id}`, cookie ? { headers: { cookie } } : {})).text();

/** How long after the change's answer B's page first shows `price` (polled every 5 ms, at most 5 s). */
async function lagUntilShown(base: string, id: string, price: number, since: number): Promise<number> {
  for (;;) {
    if (shows(await page(base, id), price)) return performance.now() - since;
    if (performance.now() - since > 5_000) return Infinity;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

export async function invalidationChecks(options: {
  nodeA: string;
  nodeB: string;
  databaseUrl: string;
  nodeBPid: number;
  /** Freezes B's listening connection (nothing flows, nothing closes); answers how many were frozen. */
  freezeListenerOfB: () => number;
  log: (line: string) => void;
}): Promise<string[]> {
  const { nodeA, nodeB, log } = options;
  const failures: string[] = [];
  const cookie = await signIn(nodeA);
  const list = (await (await fetch(`${nodeB}/api/v1/products`)).json()) as { products: Product[] };
  const p = await product(nodeA, list.products[0]._id);
  const original = p.price;

  // 1. The lag, five times: B's page is cached first (read twice), then the price changes on A.
  const lags: number[] = [];
  for (let i = 1; i <= 5; i++) {
    await page(nodeB, p._id);
    await page(nodeB, p._id);
    const price = original + i;
    const committed = await setPrice(nodeA, cookie, p, price);
    lags.push(await lagUntilShown(nodeB, p._id, price, committed));
  }
  const worst = Math.max(...lags);
  log(
    `Invalidation lag, node A's answer to node B's anonymous page: ${lags.map((l) => `${l.toFixed(1)} ms`).join(", ")} (goal < ${LAG_GOAL_MS} ms)`,
  );
  if (!(worst < LAG_GOAL_MS)) failures.push(`a price change took ${worst} ms to show on node B`);

  // 2. Signed in, a change made through A is on B's next page at once: B reads the version from
  // the database for a known visitor instead of waiting for the notification.
  let signedStale = 0;
  const SIGNED_CHECKS = 20;
  for (let i = 1; i <= SIGNED_CHECKS; i++) {
    const price = original + 20 + i;
    await setPrice(nodeA, cookie, p, price);
    if (!shows(await page(nodeB, p._id, cookie), price)) signedStale++;
  }
  log(`Signed in, each change read back from node B at once: ${SIGNED_CHECKS - signedStale} of ${SIGNED_CHECKS} fresh`);
  if (signedStale > 0) failures.push(`node B showed a signed-in visitor ${signedStale} stale pages`);

  // 3. B's listening connection cut (as a network fault or a restarted database would): from then
  // until it is back, every page B serves is read afresh.
  const db = new pg.Client({ connectionString: options.databaseUrl });
  await db.connect();
  const listenerOfB = async () =>
    (
      await db.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE application_name = $1", [
        listenerName(options.nodeBPid),
      ])
    ).rows.map((r) => r.pid);
  const [listener] = await listenerOfB();
  if (!listener) failures.push("node B's LISTEN connection was not found in pg_stat_activity");
  else {
    await page(nodeB, p._id);
    await db.query("SELECT pg_terminate_backend($1, 5000)", [listener]);
    // Its server process has ended (the call waits for that): B has the connection's end on its
    // socket before any request below reaches it. (A connection lost without an end, a silent
    // network, is noticed only when it times out: see the closing note of issue 26.)
    let stale = 0;
    let checks = 0;
    // Changes right after the cut, each read back from B at once (no waiting for a notification
    // that cannot come), until B listens again (it retries every second), at most 5 s.
    const until = performance.now() + 5_000;
    let back = false;
    for (let price = original + 10; performance.now() < until; price++) {
      await setPrice(nodeA, cookie, p, price);
      checks++;
      if (!shows(await page(nodeB, p._id), price)) stale++;
      const now = await listenerOfB();
      if (now.length > 0 && !now.includes(listener)) {
        back = true;
        break;
      }
    }
    log(
      `Node B's LISTEN connection cut: ${checks} changes read back from B at once, ${stale} stale; B listening again: ${back ? "yes" : "no"}`,
    );
    if (stale > 0) failures.push(`node B served ${stale} stale pages while its LISTEN connection was down`);
    if (!back) failures.push("node B did not listen again within 5 s");
    // Listening again, B follows changes through notifications (and caches again).
    const price = original + 100;
    await page(nodeB, p._id);
    const lag = await lagUntilShown(nodeB, p._id, price, await setPrice(nodeA, cookie, p, price));
    log(`After B listens again: a change shows on B ${lag.toFixed(1)} ms after A's answer`);
    if (!(lag < LAG_GOAL_MS)) failures.push(`after the cut, a price change took ${lag} ms to show on node B`);
  }
  // 4. A silent fault: B's listening connection frozen, with no end for B to read. B's heartbeat
  // (a SELECT 1 every 2 s, 2 s to answer) takes it for lost, so B serves nothing cached and listens
  // again on a new connection; then changes reach it as before.
  const listeners = await listenerOfB();
  const frozen = options.freezeListenerOfB();
  const frozenAt = performance.now();
  let relisten = NaN;
  while (performance.now() - frozenAt < 15_000) {
    if ((await listenerOfB()).some((pid) => !listeners.includes(pid))) {
      relisten = performance.now() - frozenAt;
      break;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  log(
    `Node B's LISTEN connection frozen silently (${frozen}): B listens on a new one ${Number.isNaN(relisten) ? "not within 15 s" : `after ${relisten.toFixed(0)} ms`} (bound: about 5 s)`,
  );
  if (frozen !== 1) failures.push(`froze ${frozen} listening connections of node B, not 1`);
  if (Number.isNaN(relisten)) failures.push("node B did not notice its frozen LISTEN connection within 15 s");
  else {
    const price = original + 200;
    await page(nodeB, p._id);
    const lag = await lagUntilShown(nodeB, p._id, price, await setPrice(nodeA, cookie, p, price));
    log(`After the silent fault: a change shows on B ${lag.toFixed(1)} ms after A's answer`);
    if (!(lag < LAG_GOAL_MS)) failures.push(`after the silent fault, a price change took ${lag} ms to show on node B`);
  }

  await setPrice(nodeA, cookie, p, original);
  await db.end();
  return failures;
}
