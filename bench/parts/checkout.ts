import { sql } from "drizzle-orm";
import { execute, openShopDatabase, rows } from "~/db/shop-file.server";
import { priceBySpec, priceOrder, SPEC_TAX } from "~/lib/pricing";
import { request, Shopper } from "../lib/client";
import { addRow, ms, percentile, progress, progressDone, quick } from "../lib/report";
import { BUSY_NAME, withShop, type ShopServer } from "../lib/server";

const BUYERS = 50;
const SHIPPING = {
  recipientName: "Camille Martin",
  address: "12 Rue de la Paix",
  city: "Paris",
  phoneNo: "+33 1 23 45 67 89",
  postalCode: "75002",
  country: "France",
};
const SCARCE_STOCK = 25;

export type Product = { id: string; priceCents: number };
export type Tally = { paid: number; soldOut: number; failures: string[]; latencies: number[] };

/** Keeps a shipping address on the buyer's account (the shipping form wants something in the cart). */
export async function saveShipping(buyer: Shopper, productId: string) {
  await buyer.request(`/product/${productId}`, { form: { intent: "add-to-cart", quantity: "1" } });
  const shipping = await buyer.request("/shipping", { form: SHIPPING });
  if (shipping.headers.get("location") !== "/confirm")
    throw new Error(`shipping answered ${shipping.status} ${shipping.headers.get("location")}`);
  await buyer.request("/cart", { form: { intent: "remove", productId } });
}

async function signUp(shop: ShopServer, i: number, product: Product): Promise<Shopper> {
  const buyer = new Shopper(shop.url);
  const res = await buyer.request("/api/v1/register", {
    json: { name: `Bench Buyer ${i}`, email: `bench-buyer-${i}@example.com`, password: "bench-password-1" },
  });
  if (res.status !== 201) throw new Error(`register answered ${res.status}: ${await res.text()}`);
  await saveShipping(buyer, product.id);
  return buyer;
}

/**
 * One paid order through the real path, as tests/e2e/support/orders.ts does it: the product
 * page's add-to-cart form, POST /api/v1/payment/process (the server reserves the stock and opens
 * a PaymentIntent at the sandbox), the sandbox's confirm (what Stripe.js does in a browser), then
 * POST /api/v1/order/new (the server asks the provider and marks the order paid).
 */
export async function buyOnce(
  sandboxUrl: string,
  buyer: Shopper,
  product: Product,
  quantity: number,
  tally: Tally,
): Promise<string | undefined> {
  const t0 = performance.now();
  const added = await buyer.request(`/product/${product.id}`, {
    form: { intent: "add-to-cart", quantity: String(quantity) },
  });
  if (added.status === 400 || added.status === 409) {
    tally.soldOut++;
    return;
  }
  if (added.status !== 302) return void tally.failures.push(`add-to-cart ${added.status}`);
  const amount = priceBySpec([{ priceCents: product.priceCents, quantity }]).totalCents;
  const processed = await buyer.request("/api/v1/payment/process", { json: { amount } });
  // Sold out meanwhile: the reservation fails (409), or the cart drops a line whose stock reached 0
  // ("Your cart is empty.") or clamps it to what is left (the amount no longer matches).
  const shortOfStock =
    processed.status === 409 ||
    (processed.status === 400 && /cart is empty|does not match/.test(await processed.clone().text()));
  if (shortOfStock) {
    tally.soldOut++;
    await buyer.request("/cart", { form: { intent: "remove", productId: product.id } });
    return;
  }
  if (processed.status !== 200)
    return void tally.failures.push(`payment/process ${processed.status}: ${await processed.text()}`);
  const clientSecret = ((await processed.json()) as { client_secret: string }).client_secret;
  const intentId = clientSecret.split("_secret_")[0];
  const confirmed = await request(`${sandboxUrl}/v1/payment_intents/${intentId}/confirm`, {
    method: "POST",
    // The publishable key in the body, as Stripe.js sends it (a browser path under the shop's
    // /_sandbox passes no Authorization header on).
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      key: "pk_test_sandbox",
      client_secret: clientSecret,
      payment_method: "pm_card_visa",
    }).toString(),
  });
  if (!confirmed.ok) return void tally.failures.push(`sandbox confirm ${confirmed.status}`);
  const created = await buyer.request("/api/v1/order/new", { json: { paymentInfo: { id: intentId } } });
  if (created.status !== 201) return void tally.failures.push(`order/new ${created.status}: ${await created.text()}`);
  tally.paid++;
  tally.latencies.push(performance.now() - t0);
  return ((await created.json()) as { order: { _id: string } }).order._id;
}

/** Where the bench's buyers confirm their payments (as Stripe.js would): the sandbox the shop started. */
export const sandboxUrl = (shop: ShopServer) => `http://127.0.0.1:${shop.sandboxPort}`;

/** After the run: stock taken equals units ordered, nothing below zero, every total adds up. */
export async function auditBooks(database: string, initialStock: Map<string, number>) {
  const db = openShopDatabase(database, { readOnly: true });
  const problems: string[] = [];
  const stock = new Map(
    (await rows<{ id: string; stock: number }>(db.q, sql`select id, stock from products`)).map((r) => [r.id, r.stock]),
  );
  const units = new Map(
    (
      await rows<{ id: string; n: number }>(
        db.q,
        sql`select l.product_id as id, cast(sum(l.quantity) as integer) as n from order_lines l join orders o on o.id = l.order_id
            where o.payment_status in ('succeeded', 'requires_payment') group by l.product_id`,
      )
    ).map((r) => [r.id, r.n]),
  );
  for (const [id, before] of initialStock) {
    const after = stock.get(id) ?? 0;
    if (after < 0) problems.push(`product ${id} has stock ${after}`);
    if (before - after !== (units.get(id) ?? 0))
      problems.push(`product ${id}: stock fell by ${before - after}, orders hold ${units.get(id) ?? 0}`);
  }
  const orders = await rows<Record<string, number | string>>(db.q, sql`select * from orders`);
  const lines = await rows<{ order_id: string; price_cents: number; quantity: number }>(
    db.q,
    sql`select order_id, price_cents, quantity from order_lines`,
  );
  const linesByOrder = new Map<string, { priceCents: number; quantity: number }[]>();
  for (const l of lines)
    linesByOrder.set(l.order_id, [
      ...(linesByOrder.get(l.order_id) ?? []),
      { priceCents: l.price_cents, quantity: l.quantity },
    ]);
  for (const o of orders) {
    // Each order adds up by the rules it was priced with, as it keeps them: its shipping, its tax
    // rate (the specification's 5% for orders from before tax rates), its discount before tax.
    const tax = {
      rateBp: o.tax_rate_bp === null ? SPEC_TAX.rateBp : Number(o.tax_rate_bp),
      included: Boolean(o.tax_included),
    };
    const p = priceOrder(
      linesByOrder.get(o.id as string) ?? [],
      Number(o.shipping_price_cents),
      tax,
      Number(o.discount_cents),
    );
    if (
      p.itemsCents !== o.items_price_cents ||
      p.shippingCents !== o.shipping_price_cents ||
      p.taxCents !== o.tax_price_cents ||
      p.totalCents !== o.total_price_cents
    )
      problems.push(`order ${o.id}: stored totals differ from its lines`);
  }
  const byStatus = await rows<{ s: string; n: number }>(
    db.q,
    sql`select payment_status as s, cast(count(*) as integer) as n from orders group by 1`,
  );
  await db.close();
  return { problems, byStatus };
}

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
