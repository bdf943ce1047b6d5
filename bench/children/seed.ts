// Child process: builds a large data set with the shop's own schema, migrations and Drizzle code.
// DATABASE_URL (set by the parent) names the temporary file. Usage: seed.ts products|orders COUNT
import { commitTogether } from "~/db/commit.server";
import { closeShopDatabase } from "~/db/client.server";
import { migrateDatabase } from "~/db/migrate.server";
import { demoProducts } from "~/seed/demo-catalogue";
import { DEMO_CATEGORIES } from "~/seed/demo-categories";
import { addCategories } from "~/models/catalogue";
import { orders, productImages, products, users } from "~/db/schema";
import { dollarsToCents } from "~/lib/money";
import type { PaymentStatus } from "~/lib/order-states";
import { FIRST_ORDER_NUMBER } from "~/lib/order-number";

const [kind, countArg] = process.argv.slice(2);
const count = Number(countArg);
const BATCH = 500;
const DAY_MS = 86_400_000;

// A fixed pseudo-random sequence, so that every run builds the same data.
let state = 42;
const random = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];

const ADJECTIVES = [
  "Refurbished",
  "Pro",
  "Lite",
  "Plus",
  "Max",
  "Mini",
  "Gaming",
  "Studio",
  "Travel",
  "Eco",
  "Classic",
  "Ultra",
];
const EXTRAS = [
  "with a two-year warranty",
  "in a gift box",
  "with free returns",
  "bundle edition",
  "2025 model",
  "open-box deal",
];

function report(done: number) {
  if (done % (BATCH * 20) === 0 || done === count)
    console.log(
      `progress ${kind}: ${done.toLocaleString("en")} / ${count.toLocaleString("en")} (${((done / count) * 100).toFixed(0)}%)`,
    );
}

async function seedProducts() {
  const now = Date.now();
  // The demo's categories, for the products' names to be among the shop's (as the demo seed does).
  await commitTogether((tx) => addCategories(tx, DEMO_CATEGORIES));
  for (let start = 0; start < count; start += BATCH * 20) {
    await commitTogether(async (tx) => {
      for (let b = start; b < Math.min(count, start + BATCH * 20); b += BATCH) {
        const rows = Array.from({ length: Math.min(BATCH, count - b) }, (_, k) => {
          const i = b + k;
          const base = demoProducts[i % demoProducts.length];
          const name = `${base.name} ${pick(ADJECTIVES)} ${i}`;
          return {
            id: `p${i.toString(36).padStart(8, "0")}`,
            name,
            description: `${base.blurb} ${name} ${pick(EXTRAS)}, sold by ${base.seller}.`,
            priceCents: dollarsToCents(base.price) + (i % 100),
            category: base.category,
            seller: base.seller,
            stock: i % 17 === 0 ? 0 : 1 + (i % 50),
            ratings: Math.round(random() * 50) / 10,
            numOfReviews: i % 7,
            createdAt: new Date(now - (count - i) * 60_000),
          };
        });
        await tx.insert(products).values(rows);
        await tx
          .insert(productImages)
          .values(rows.map((r) => ({ id: `i${r.id}`, productId: r.id, url: `/images/logo.svg`, position: 0 })));
        report(b + rows.length);
      }
    });
  }
}

async function seedOrders() {
  const USERS = 1000;
  await commitTogether((tx) =>
    tx
      .insert(users)
      .values(
        Array.from({ length: USERS }, (_, i) => ({ id: `u${i}`, name: `Buyer ${i}`, email: `buyer${i}@example.com` })),
      ),
  );
  const now = Date.now();
  const span = 730 * DAY_MS; // two years of orders, the newest today
  for (let start = 0; start < count; start += BATCH * 20) {
    await commitTogether(async (tx) => {
      for (let b = start; b < Math.min(count, start + BATCH * 20); b += BATCH) {
        const rows = Array.from({ length: Math.min(BATCH, count - b) }, (_, k) => {
          const i = b + k;
          const createdAt = new Date(now - span + Math.floor((i / count) * span));
          const roll = random();
          const paymentStatus: PaymentStatus =
            roll < 0.9 ? "succeeded" : roll < 0.93 ? "refunded" : roll < 0.97 ? "canceled" : "requires_payment";
          const items = 1000 + Math.floor(random() * 200_000);
          const shipping = items > 20_000 ? 0 : 2500;
          const tax = Math.floor((items * 5 + 50) / 100);
          const userId = `u${i % USERS}`;
          return {
            id: `o${i.toString(36).padStart(8, "0")}`,
            orderNumber: FIRST_ORDER_NUMBER + i,
            userId,
            userName: `Buyer ${i % USERS}`,
            shippingAddress: "12 Rue de la Paix",
            shippingCity: "Paris",
            shippingPhoneNo: "+33 1 23 45 67 89",
            shippingPostalCode: "75002",
            shippingCountry: "France",
            paymentIntentId: `pi_bench_${i}`,
            paymentStatus,
            reservedUntil: paymentStatus === "requires_payment" ? new Date(createdAt.getTime() + 15 * 60_000) : null,
            itemsPriceCents: items,
            shippingPriceCents: shipping,
            taxPriceCents: tax,
            totalPriceCents: items + shipping + tax,
            orderStatus: pick(["Processing", "Shipped", "Delivered"] as const),
            paidAt:
              paymentStatus === "succeeded" || paymentStatus === "refunded"
                ? new Date(createdAt.getTime() + 60_000)
                : null,
            createdAt,
            updatedAt: createdAt,
          };
        });
        await tx.insert(orders).values(rows);
        report(b + rows.length);
      }
    });
  }
}

await migrateDatabase();
if (kind === "products") await seedProducts();
else if (kind === "orders") await seedOrders();
else throw new Error(`Unknown data set ${kind}`);
// No ANALYZE: the planner sees what it would see in a live shop. Closing folds the WAL into the file.
await closeShopDatabase();
console.log(`result ${JSON.stringify({ count })}`);
