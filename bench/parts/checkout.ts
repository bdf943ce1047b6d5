import { sql } from "drizzle-orm";
import { execute, openShopDatabase, rows } from "~/db/shop-file.server";
import { auditBooks, buyOnce, saveShipping, type Product, type Tally } from "../../tools/load/checkout";
import { Shopper } from "../../tools/load/client";
import { addRow, ms, percentile, progress, progressDone, quick } from "../lib/report";
import { BUSY_NAME, withShop, type ShopServer } from "../lib/server";

const BUYERS = 50;
const SCARCE_STOCK = 25;

async function signUp(shop: ShopServer, i: number, product: Product): Promise<Shopper> {
  const buyer = new Shopper(shop.url);
  const res = await buyer.request("/api/v1/register", {
    json: { name: `Bench Buyer ${i}`, email: `bench-buyer-${i}@example.com`, password: "bench-password-1" },
  });
  if (res.status !== 201) throw new Error(`register answered ${res.status}: ${await res.text()}`);
  await saveShipping(buyer, product.id);
  return buyer;
}

/** Where the bench's buyers confirm their payments (as Stripe.js would): the sandbox the shop started. */
export const sandboxUrl = (shop: ShopServer) => `http://127.0.0.1:${shop.sandboxPort}`;

// 5. Checkout throughput: paid orders per second, 50 buyers at once, then the books are checked.
export async function checkout(workers?: number) {
  await withShop(
    async (shop) => {
      // Known stock: plenty of everything, except one product that 20% of the buyers want.
      const admin = openShopDatabase(shop.database);
      await execute(admin.q, sql`update products set stock = 100000`);
      const catalogue = await rows<Product>(
        admin.q,
        sql`select id, price_cents as "priceCents" from products order by seq`,
      );
      const scarce = catalogue[0];
      await execute(admin.q, sql`update products set stock = ${SCARCE_STOCK} where id = ${scarce.id}`);
      const initialStock = new Map(
        (await rows<{ id: string; stock: number }>(admin.q, sql`select id, stock from products`)).map((r) => [
          r.id,
          r.stock,
        ]),
      );
      await admin.close();

      const buyers: Shopper[] = [];
      for (let i = 0; i < BUYERS; i++) {
        buyers.push(await signUp(shop, i, catalogue[1]));
        progress(`signed up ${i + 1} / ${BUYERS} buyers`);
      }
      progressDone(`${BUYERS} buyers signed up, shipping info saved`);

      // Every buyer buying for `seconds`; `pick` chooses the n-th order's product. Gives the seconds it took.
      const buyFor = async (seconds: number, tally: Tally, pick: (n: number) => Product): Promise<number> => {
        const start = performance.now();
        const deadline = start + seconds * 1000;
        let next = 0;
        await Promise.all(
          buyers.map(async (buyer) => {
            while (performance.now() < deadline) {
              const n = next++;
              await buyOnce(sandboxUrl(shop), buyer, pick(n), 1 + (n % 2), tally).catch((e: Error) =>
                tally.failures.push(e.message),
              );
            }
          }),
        );
        return (performance.now() - start) / 1000;
      };
      const plentiful = (n: number) => catalogue[1 + (n % (catalogue.length - 1))];

      // Warm-up, as autocannon's second for the other parts: the same orders, on the plentiful
      // products only, not counted. A fresh server spends the first tens of seconds of this load
      // compiling its hot code (V8's optimizing compiler, on threads beside the event loop, on the
      // same cores); a shop that has been running a while does not.
      const warmUpSeconds = quick ? 2 : 5;
      const warmUp: Tally = { paid: 0, soldOut: 0, failures: [], latencies: [] };
      const warmUpElapsed = await buyFor(warmUpSeconds, warmUp, plentiful);

      const seconds = quick ? 5 : 20;
      const tally: Tally = { paid: 0, soldOut: 0, failures: [], latencies: [] };
      const elapsed = await buyFor(seconds, tally, (n) => (n % 5 === 0 ? scarce : plentiful(n)));
      tally.failures.push(...warmUp.failures.map((f) => `warm-up: ${f}`));
      const { problems, byStatus } = await auditBooks(shop.database, initialStock);
      const busy = shop.busy();
      const ok = problems.length === 0 && tally.failures.length === 0 && busy === 0;
      if (tally.failures.length)
        console.log(`  failures (${tally.failures.length}), first: ${tally.failures.slice(0, 3).join(" | ")}`);
      if (problems.length)
        console.log(`  audit problems (${problems.length}), first: ${problems.slice(0, 3).join(" | ")}`);
      console.log(`  orders by payment status: ${byStatus.map((r) => `${r.s} ${r.n}`).join(", ")}`);
      const perSecond = tally.paid / elapsed;
      const p99 = percentile(tally.latencies, 99);
      addRow({
        part: "checkout",
        workers: shop.workers,
        measure: `paid orders/s, ${BUYERS} buyers for ${seconds} s after ${warmUpSeconds} s of warm-up (sandbox payments); order p50 / p99`,
        value: `${perSecond.toFixed(1)}/s (${tally.paid} paid, ${tally.soldOut} turned away: sold out); ${ms(percentile(tally.latencies, 50))} / ${ms(p99)}; warm-up ${(warmUp.paid / warmUpElapsed).toFixed(1)}/s`,
        goal: "≥ 150/s, p99 < 1 s",
        met: perSecond >= 150 && p99 < 1000 && ok,
      });
      addRow({
        part: "checkout",
        workers: shop.workers,
        measure: "audit: stock taken = units in orders, stock ≥ 0, totals = lines + shipping + tax",
        value: ok
          ? "all add up"
          : `${problems.length} problems, ${tally.failures.length} failed requests, ${busy} ${BUSY_NAME}`,
        reference: `scarce product: ${SCARCE_STOCK} in stock`,
        goal: `books add up, no ${BUSY_NAME}, nothing oversold`,
        met: ok,
      });
    },
    { workers },
  );
}
