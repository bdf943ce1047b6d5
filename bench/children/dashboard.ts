// Child process, one per variant so that peak memory (maxRSS) is its own: the dashboard loader's
// figures (SQL aggregates) or the same figures from every order row summed in JavaScript.
// DATABASE_URL names the seeded file or PostgreSQL database. Usage: dashboard.ts sql|js ITERATIONS
import { count, eq } from "drizzle-orm";
import { closeShopDatabase, db } from "~/db/client.server";
import { orders, products, users } from "~/db/schema";
import { dailyRevenue, dashboardTotals } from "~/models/reports";

const [variant, iterationsArg] = process.argv.slice(2);
const iterations = Number(iterationsArg ?? 10);
const DAY_MS = 86_400_000;

/** The naive loader: load every order, add up in JavaScript. */
async function dashboardInJs() {
  const all = await db.select().from(orders);
  const now = new Date();
  const since = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - 29 * DAY_MS;
  let totalAmountCents = 0;
  let placed = 0;
  const byDay = new Map<string, number>();
  for (const o of all) {
    if (o.paymentStatus === "succeeded") {
      totalAmountCents += o.totalPriceCents;
      if (o.paidAt && o.paidAt.getTime() >= since) {
        const day = o.paidAt.toISOString().slice(0, 10);
        byDay.set(day, (byDay.get(day) ?? 0) + o.totalPriceCents);
      }
    }
    if (o.paymentStatus === "succeeded" || o.paymentStatus === "refunded") placed++;
  }
  const [[productCount], [userCount], [outOfStock]] = await Promise.all([
    db.select({ n: count() }).from(products),
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(products).where(eq(products.stock, 0)),
  ]);
  return {
    totalAmountCents,
    orders: placed,
    products: productCount?.n ?? 0,
    users: userCount?.n ?? 0,
    outOfStock: outOfStock?.n ?? 0,
    sales: byDay,
  };
}

const run =
  variant === "js"
    ? dashboardInJs
    : async () => {
        const totals = await dashboardTotals();
        return { ...totals, totalAmountCents: totals.revenue[0].cents, sales: await dailyRevenue(30) };
      };

// Open the database and load the code before the baseline is taken.
await db.select({ n: count() }).from(users);
globalThis.gc?.();
const rssBefore = process.memoryUsage().rss;
const times: number[] = [];
let figures: Awaited<ReturnType<typeof run>> | undefined;
for (let i = 0; i < iterations; i++) {
  const t0 = performance.now();
  figures = await run();
  times.push(performance.now() - t0);
}
const peakRss = process.resourceUsage().maxRSS * 1024;
// A PostgreSQL pool would keep the process alive.
await closeShopDatabase();
console.log(
  `result ${JSON.stringify({
    variant,
    times,
    rssBefore,
    peakRss,
    totalAmountCents: figures?.totalAmountCents,
    orders: figures?.orders,
  })}`,
);
