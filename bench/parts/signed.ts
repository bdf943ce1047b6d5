import { sql } from "drizzle-orm";
import { openShopDatabase, rows } from "~/db/shop-file.server";
import { DEMO_SHOPPER, Shopper } from "../../tools/load/client";
import { withShop } from "../lib/server";
import { buyOnce, saveShipping, type Product, type Tally } from "../../tools/load/checkout";
import { sandboxUrl } from "./checkout";
import { againstReferences, sampleProductId, signedIn } from "./http";

const ORDERS = 3;

// 2b. Pages for a signed-in shopper (never cached): the demo shopper, signed in through the API, with
// a few paid orders placed through the real checkout path so that My Orders lists something.
export async function signed(workers?: number) {
  await withShop(
    async (shop) => {
      const shopper = new Shopper(shop.url);
      const login = await shopper.request("/api/v1/login", { json: DEMO_SHOPPER });
      if (login.status !== 200) throw new Error(`login answered ${login.status}: ${await login.text()}`);

      const db = openShopDatabase(shop.database, { readOnly: true });
      const products = await rows<Product>(
        db.q,
        sql`select id, price_cents as "priceCents" from products where stock > 10 order by seq limit ${ORDERS}`,
      );
      await db.close();
      await saveShipping(shopper, products[0].id);
      const tally: Tally = { paid: 0, soldOut: 0, failures: [], latencies: [] };
      for (const product of products) await buyOnce(sandboxUrl(shop), shopper, product, 1, tally);
      if (tally.paid !== ORDERS)
        throw new Error(`${tally.paid} of ${ORDERS} orders were paid: ${tally.failures.join(" | ")}`);

      // A page view takes the last toast ("Order placed…") out of the jar: every measured request is a plain one.
      await shopper.request("/");
      const visitor = signedIn(shopper.cookieHeader);
      const myOrders = await fetch(`${shop.url}/orders/me`, { headers: visitor.headers, redirect: "manual" });
      if (myOrders.status !== 200)
        throw new Error(`GET /orders/me with the shopper's cookies answered ${myOrders.status}`);
      const productId = await sampleProductId(shop);
      await againstReferences(shop, "signed", "/", "/", visitor);
      await againstReferences(shop, "signed", "/orders/me", "/orders/me", visitor);
      await againstReferences(shop, "signed", "/product/:id", `/product/${productId}`, visitor);
    },
    { workers },
  );
}
