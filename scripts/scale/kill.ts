import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { auditBooks, buyOnce, saveShipping, type Product, type Tally } from "../../tools/load/checkout";
import { runChild } from "../../tools/load/children";
import { Shopper } from "../../tools/load/client";
import { missing, signUpUsers } from "../../tools/load/mixed";
import type { MixedInput, MixedResult } from "../../tools/load/mixed-child";
import type { LoadBalancer } from "../../tools/haproxy";
import { PAYMENT } from "../../app/lib/order-states";
import { signIn } from "./invalidation";
import { pollUntil, waitForOk, type Program } from "../../tools/processes";

// Step 6 of test:scale: shoppers and buyers through the load balancer while node B is killed
// (SIGKILL) in the middle and started again. Afterwards: every acknowledged write is in the database,
// the books add up, no refused payment intent is kept as a paid order, every paid order's mail
// arrived exactly once, only requests in flight at the kill failed, and B is back in rotation.

const USERS = 30;
const BUYERS = 20;
const SECONDS = 20;
const KILL_AT_MS = 6_000;
const SCARCE_STOCK = 25;
const PRODUCTS = 8;
/** A dead node's claimed mails go out once its 45 s lease is over, swept every 15 s: a minute, and some. */
const MAILS_WITHIN_MS = 100_000;
const ORDER_SUBJECT = /^Subject: ShopIT: your order #(\d+)\r?$/m;
const MESSAGE_ID = /^Message-ID: (<[^>]+>)\r?$/im;

export type KillTestOptions = {
  lbUrl: string;
  databaseUrl: string;
  mailDir: string;
  dataDir: string;
  balancer: LoadBalancer;
  nodeB: () => Program;
  startNodeB: () => Program;
  nodeBUrl: string;
  log: (line: string) => void;
};

export async function killTest(options: KillTestOptions): Promise<string[]> {
  const { lbUrl, databaseUrl, log } = options;
  const failures: string[] = [];
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    // Products of its own (the suite's orders and reservations touch the demo ones): plenty of
    // stock, but for one product, which a fifth of the orders want.
    const catalogue = await newProducts(lbUrl, await signIn(lbUrl), PRODUCTS);
    const scarce = catalogue[0];
    await db.query("UPDATE products SET stock = $1 WHERE id = $2", [SCARCE_STOCK, scarce.id]);
    const initialStock = new Map(
      (
        await db.query<{ id: string; stock: number }>("SELECT id, stock FROM products WHERE id = ANY($1)", [
          catalogue.map((p) => p.id),
        ])
      ).rows.map((r) => [r.id, r.stock]),
    );

    const users = await signUpUsers(lbUrl, USERS);
    const buyers: Shopper[] = [];
    for (let i = 0; i < BUYERS; i++) {
      const buyer = new Shopper(lbUrl);
      const res = await buyer.request("/api/v1/register", {
        json: { name: `Scale Buyer ${i}`, email: `scale-buyer-${i}@example.com`, password: "scale-password-1" },
      });
      if (res.status !== 201) throw new Error(`register answered ${res.status}`);
      await saveShipping(buyer, catalogue[1].id);
      buyers.push(buyer);
    }

    const inputFile = path.join(options.dataDir, "kill-mixed-input.json");
    fs.writeFileSync(
      inputFile,
      JSON.stringify({
        base: lbUrl,
        warmupSeconds: 0,
        seconds: SECONDS,
        users,
        // Not the scarce one: a sold-out product leaves the carts it was in, which is the shop's rule, not a lost write.
        products: catalogue.slice(1).map((p) => p.id),
      } satisfies MixedInput),
    );
    const started = performance.now();
    const mixed = runChild<MixedResult>("tools/load/mixed-child.ts", [inputFile]);
    const tally: Tally = { paid: 0, soldOut: 0, failures: [], latencies: [] };
    const acknowledged: string[] = [];
    let next = 0;
    const buying = Promise.all(
      buyers.map(async (buyer) => {
        while (performance.now() - started < SECONDS * 1000) {
          const n = next++;
          const product = n % 5 === 0 ? scarce : catalogue[1 + (n % (catalogue.length - 1))];
          const id = await buyOnce(`${lbUrl}/_sandbox`, buyer, product, 1 + (n % 2), tally).catch((e: Error) => {
            tally.failures.push(e.message);
            return undefined;
          });
          if (id) acknowledged.push(id);
        }
      }),
    );

    // The kill, in the middle of the load; B is started again once HAProxy has taken it out.
    await new Promise((r) => setTimeout(r, KILL_AT_MS));
    const killedAt = performance.now();
    options.nodeB().child.kill("SIGKILL");
    const down = await pollUntil(
      async () => (await options.balancer.servers()).get("b")?.status.startsWith("DOWN"),
      10_000,
      () => "HAProxy did not take node B out within 10 s",
    );
    log(
      `Node B killed (SIGKILL) ${(KILL_AT_MS / 1000).toFixed(0)} s into the load; HAProxy took it out after ${ms(down - killedAt)}`,
    );
    const restarted = options.startNodeB();
    await waitForOk(`${options.nodeBUrl}/healthz`, restarted);
    const requestsBefore = (await options.balancer.servers()).get("b")!.requests;
    const up = await pollUntil(
      async () => (await options.balancer.servers()).get("b")?.status === "UP",
      15_000,
      () => "node B was not back in rotation within 15 s",
    );
    log(`Node B started again: back in rotation ${ms(up - killedAt)} after the kill`);

    const [run] = await Promise.all([mixed, buying]);
    // Back in rotation: of the next requests through the balancer, round robin sends B its share.
    for (let i = 0; i < 10; i++) await fetch(`${lbUrl}/healthz`);
    const servedAfter = (await options.balancer.servers()).get("b")!.requests - requestsBefore;
    log(`Requests node B served after it came back: ${servedAfter.toLocaleString("en")}`);
    if (servedAfter < 5) failures.push(`node B served ${servedAfter} requests after it came back`);

    // Only what was in flight on B failed: each client has one request in flight at a time.
    const failed = run.errors + run.unexpected + tally.failures.length;
    log(
      `Load through the balancer: ${run.requests.toLocaleString("en")} shopper requests and ${tally.paid} paid orders (${tally.soldOut} sold out); failed: ${run.errors} network errors, ${run.unexpected} unexpected answers, ${tally.failures.length} checkouts${tally.failures.length ? ` (${tally.failures.slice(0, 3).join(" | ")})` : ""}`,
    );
    if (failed > USERS + BUYERS) failures.push(`${failed} requests failed: more than were in flight at the kill`);

    const lost = await missing(databaseUrl, run.expectations);
    log(
      `Acknowledged shopper writes in the database: ${run.expectations.length - lost.length} of ${run.expectations.length}`,
    );
    for (const e of lost.slice(0, 5))
      log(
        `  not in the database: ${e.kind} of ${e.email}${e.productId ? ` for ${e.productId}` : ""}, expected one of ${JSON.stringify(e.values)}, found ${JSON.stringify(e.found)}`,
      );
    for (const example of run.examples.slice(0, 5)) log(`  e.g. ${example}`);
    if (lost.length) failures.push(`${lost.length} acknowledged shopper writes are not in the database`);
    const paid = new Set(
      (
        await db.query<{ id: string }>("SELECT id FROM orders WHERE id = ANY($1) AND payment_status = 'succeeded'", [
          acknowledged,
        ])
      ).rows.map((r) => r.id),
    );
    log(`Acknowledged orders paid in the database: ${paid.size} of ${acknowledged.length}`);
    if (paid.size !== acknowledged.length)
      failures.push(`${acknowledged.length - paid.size} acknowledged orders are not paid in the database`);

    const { problems } = await auditBooks(databaseUrl, initialStock);
    log(
      `The books: ${problems.length ? problems.slice(0, 3).join("; ") : "stock taken equals units ordered, nothing below zero, every total adds up"}`,
    );
    failures.push(...problems);
    // A refused intent keeps no money: a client cart's gets no order; a lapsed reservation's order
    // stays canceled, then refunded (its status "refunded" is a placed order's, so only "succeeded",
    // the money kept, is a fault). Asserted over the whole database: the suite's payments too.
    const refusals = await db.query<{ status: string | null; n: string }>(
      `SELECT o.payment_status AS status, count(*) AS n FROM payment_refusals r
       LEFT JOIN orders o ON o.payment_intent_id = r.payment_intent_id GROUP BY o.payment_status`,
    );
    const refusedBy = new Map(refusals.rows.map((r) => [r.status ?? "no order", Number(r.n)]));
    const kept = refusedBy.get(PAYMENT.succeeded) ?? 0;
    log(
      `Refused payment intents: ${[...refusedBy].map(([status, n]) => `${n} ${status}`).join(", ") || "none"}; kept as a paid order and refused: ${kept}`,
    );
    if (kept !== 0) failures.push(`${kept} payment intents were both kept as a paid order and refused`);

    failures.push(...(await mailsOnce(db, options.mailDir, log)));
  } finally {
    await db.end();
  }
  return failures;
}

/** Makes `count` products through the admin API, each with plenty of stock; answers their ids and prices. */
async function newProducts(base: string, cookie: string, count: number): Promise<Product[]> {
  const picture = `data:image/jpeg;base64,${fs.readFileSync(path.resolve("public/images/default_avatar.jpg")).toString("base64")}`;
  const made: Product[] = [];
  for (let i = 1; i <= count; i++) {
    const res = await fetch(`${base}/api/v1/admin/product/new`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({
        name: `Scale Test Lamp ${i}`,
        price: (19 + i * 7.5).toFixed(2),
        description: "A product of the kill test's own.",
        category: "Electronics",
        seller: "Scale Test",
        stock: 99999,
        images: [picture],
      }),
    });
    if (res.status !== 201) throw new Error(`Making a product answered ${res.status}: ${await res.text()}`);
    const { product } = (await res.json()) as { product: { _id: string; price: number } };
    made.push({ id: product._id, priceCents: Math.round(product.price * 100) });
  }
  return made;
}

/** Every paid order of the buyers got its confirmation exactly once (the outbox emptied first, within its bound). */
async function mailsOnce(db: pg.Client, mailDir: string, log: (line: string) => void): Promise<string[]> {
  const start = performance.now();
  const unsent = async () =>
    Number(
      (
        await db.query<{ n: string }>(
          "SELECT count(*) AS n FROM mail_outbox WHERE sent_at IS NULL AND gave_up_at IS NULL",
        )
      ).rows[0].n,
    );
  const emptied = await pollUntil(
    async () => (await unsent()) === 0,
    MAILS_WITHIN_MS,
    () => "",
  ).catch(() => null);
  if (emptied === null)
    return [`the mail outbox still held ${await unsent()} unsent mails after ${MAILS_WITHIN_MS / 1000} s`];
  const numbers = (
    await db.query<{ n: number }>(
      `SELECT o.order_number AS n FROM orders o JOIN users u ON u.id = o.user_id
       WHERE u.email LIKE 'scale-buyer-%' AND o.payment_status = 'succeeded'`,
    )
  ).rows.map((r) => r.n);
  // The copies of each order's confirmation, by Message-ID.
  const received = new Map<number, string[]>();
  for (const file of fs.readdirSync(mailDir)) {
    const head = fs.readFileSync(path.join(mailDir, file), "utf8").slice(0, 4000);
    const match = ORDER_SUBJECT.exec(head);
    if (!match) continue;
    const copies = received.get(Number(match[1])) ?? [];
    copies.push(MESSAGE_ID.exec(head)?.[1] ?? `(none in ${file})`);
    received.set(Number(match[1]), copies);
  }
  const missingMail = numbers.filter((n) => !received.has(n));
  const twice = numbers.filter((n) => (received.get(n)?.length ?? 0) > 1);
  const different = twice.filter((n) => new Set(received.get(n)).size > 1);
  log(
    `Order mails: the outbox emptied ${ms(emptied - start)} after the load; of ${numbers.length} paid orders, ${numbers.length - missingMail.length - twice.length} got their confirmation exactly once, ${twice.length} twice as one message (the same Message-ID: sent, then the node killed before the sent mark), ${missingMail.length} none`,
  );
  const problems: string[] = [];
  if (missingMail.length)
    problems.push(`${missingMail.length} paid orders got no confirmation (e.g. #${missingMail[0]})`);
  if (different.length)
    problems.push(`${different.length} paid orders got two different confirmations (e.g. #${different[0]})`);
  return problems;
}

const ms = (value: number) => `${value.toFixed(0)} ms`;
