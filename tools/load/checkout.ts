import { sql } from "drizzle-orm";
import { openShopDatabase, rows } from "~/db/shop-file.server";
import { priceBySpec, priceOrder, SPEC_TAX } from "~/lib/pricing";
import { request, Shopper } from "./client";

// A buyer through the shop's real pages and API, and the books checked afterwards: the bench's
// checkout part, test:scale's kill step and the compose check buy this way.

const SHIPPING = {
  recipientName: "Camille Martin",
  address: "12 Rue de la Paix",
  city: "Paris",
  phoneNo: "+33 1 23 45 67 89",
  postalCode: "75002",
  country: "France",
};

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
