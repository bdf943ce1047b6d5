import fs from "node:fs";
import { count, countDistinct, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { commitTogether } from "~/db/commit.server";
import { products, shopSettings } from "~/db/schema";
import { pricingRules } from "~/models/pricing";
import { listProducts } from "~/models/catalogue";
import { getShopSettings, saveShopSettings } from "~/models/settings";
import { folderStore } from "~/models/uploads";
import { demoProducts, newestFirst, SHOWCASE_CATEGORIES } from "~/seed/demo-catalogue";
import { keepDemoStorefront, seedDemoData } from "~/seed/seed.server";

describe("the demo seed", () => {
  it("opens the home page on laptops and electronics, keeping the whole catalogue", async () => {
    const uploads = process.env.UPLOADS_DIR!;
    await seedDemoData(folderStore(uploads));

    const home = await listProducts({ page: 1 });
    expect(home.products).toHaveLength(8);
    for (const product of home.products) expect(SHOWCASE_CATEGORIES).toContain(product.category);
    expect(new Set(home.products.map((p) => p.category)).size).toBe(SHOWCASE_CATEGORIES.length);
    expect(home.products[0].name).toBe(demoProducts[newestFirst(demoProducts)[0]].name);

    expect(home.productsCount).toBe(72);
    expect((await db.select({ n: countDistinct(products.category) }).from(products))[0].n).toBe(12);
    expect((await db.select({ n: count() }).from(products).where(eq(products.stock, 0)))[0].n).toBe(12);

    const picture = home.products[0].images[0].url;
    expect(picture).toMatch(/^\/uploads\/demo\/.+\.svg$/);
    const svg = fs.readFileSync(`${uploads}/${picture.slice("/uploads/".length)}`, "utf8");
    expect(svg).toContain(home.products[0].name);

    // The specification's storefront and rules: its hero and title, $25 shipping free over $200, 5% tax.
    expect(await getShopSettings()).toMatchObject({
      homeTitle: "Buy Best Products Online",
      heroTitle: "Laptops for work and play",
      heroLink: "/search?category=Laptops",
      returnWindowDays: 30,
    });
    const rules = await pricingRules();
    expect(rules.zones.map((zone) => zone.methods.map((m) => [zone.countries, m.priceCents, m.freeOverCents]))).toEqual(
      [[[["*"], 2500, 20000]]],
    );
    expect(rules.taxRates.map((rate) => [rate.country, rate.rateBp])).toEqual([["*", 500]]);
  });

  it("gives a demo shop seeded before the seed saved its storefront the specification's, once", async () => {
    // Such a shop kept only its return window; its hero and title were the defaults then.
    await commitTogether((tx) =>
      tx
        .update(shopSettings)
        .set({ settings: { returnWindowDays: 30, name: "Old Demo" } })
        .where(eq(shopSettings.id, 1)),
    );
    expect((await getShopSettings()).heroTitle).toBe("Welcome to ShopIT");
    await keepDemoStorefront();
    expect(await getShopSettings()).toMatchObject({
      name: "Old Demo",
      homeTitle: "Buy Best Products Online",
      heroTitle: "Laptops for work and play",
      returnWindowDays: 30,
    });
    // What the owner writes stays.
    await saveShopSettings({ heroTitle: "Lamps for every room", heroLinkLabel: "", heroLink: "" });
    await keepDemoStorefront();
    expect((await getShopSettings()).heroTitle).toBe("Lamps for every room");
  });

  it("orders every demo product exactly once, the showcase categories first", () => {
    const order = newestFirst(demoProducts);
    expect([...order].sort((a, b) => a - b)).toEqual(demoProducts.map((_, i) => i));
    const showcase = demoProducts.filter((p) => SHOWCASE_CATEGORIES.includes(p.category)).length;
    const firsts = order.slice(0, showcase).map((i) => demoProducts[i].category);
    expect(firsts.every((c) => SHOWCASE_CATEGORIES.includes(c))).toBe(true);
  });
});
