import { asc, eq, like } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { commitTogether } from "~/db/commit.server";
import { followCatalogueVersion } from "~/db/dialect";
import { mailOutbox, products, shopSettings } from "~/db/schema";
import { createProduct } from "../../../tests/unit/fixtures";
import { drainMails, composeJob, type MailJob } from "~/models/mail";
import { queueLowStockMails } from "./low-stock.server";
import { saveShopSettings } from "~/models/settings";

// The owner's low-stock mail on both engines: one per crossing of the threshold, told again only
// after the stock was back at or above it.

beforeAll(() => followCatalogueVersion());
beforeEach(async () => {
  await drainMails(10_000);
  await commitTogether(async (tx) => {
    await tx.delete(mailOutbox);
    await tx.delete(shopSettings);
    await tx.delete(products);
  });
});

const setStock = (productId: string, stock: number) =>
  commitTogether((tx) => tx.update(products).set({ stock }).where(eq(products.id, productId)));
const markOf = async (productId: string) =>
  (await db.select({ at: products.lowStockMailedAt }).from(products).where(eq(products.id, productId)))[0].at;
const lowStockMails = async () =>
  Promise.all(
    (
      await db.select().from(mailOutbox).where(like(mailOutbox.dedupeKey, "lowStock:%")).orderBy(asc(mailOutbox.id))
    ).map((row) => composeJob(row.payload as MailJob)),
  );

describe("the low-stock mail", () => {
  it("is off at 0, and goes nowhere without a recipient", async () => {
    await createProduct({ stock: 1 });
    await saveShopSettings({ contactEmail: "owner@example.com" });
    expect(await queueLowStockMails()).toEqual([]);
    await saveShopSettings({ contactEmail: "", lowStockThreshold: 5 });
    expect(await queueLowStockMails()).toEqual([]);
  });

  it("lists the products under the threshold once per crossing, and is re-armed when stock is back", async () => {
    await saveShopSettings({ contactEmail: "owner@example.com", lowStockThreshold: 5 });
    const lamp = await createProduct({ name: "Desk Lamp", stock: 2 });
    const vase = await createProduct({ name: "Vase", stock: 0 });
    const plenty = await createProduct({ name: "Plenty", stock: 5 });
    const before = (await db.select({ at: products.updatedAt }).from(products).where(eq(products.id, lamp)))[0].at;

    const queued = await queueLowStockMails(new Date(Date.UTC(2026, 4, 1)));
    expect(queued).toHaveLength(1);
    expect(queued[0].job).toMatchObject({
      kind: "lowStock",
      to: "owner@example.com",
      news: {
        threshold: 5,
        products: [
          { id: vase, name: "Vase", stock: 0 },
          { id: lamp, name: "Desk Lamp", stock: 2 },
        ],
      },
    });
    expect(await markOf(lamp)).toEqual(new Date(Date.UTC(2026, 4, 1)));
    expect(await markOf(plenty)).toBeNull();
    // The mark is no edit of the product.
    expect((await db.select({ at: products.updatedAt }).from(products).where(eq(products.id, lamp)))[0].at).toEqual(
      before,
    );
    // Still low, lower even: told once.
    await setStock(lamp, 1);
    expect(await queueLowStockMails()).toEqual([]);

    // Back at the threshold: re-armed; under it again: told again, alone.
    await setStock(lamp, 5);
    expect(await queueLowStockMails()).toEqual([]);
    expect(await markOf(lamp)).toBeNull();
    await setStock(lamp, 3);
    const again = await queueLowStockMails();
    expect(again.map((m) => m.job)).toMatchObject([{ news: { products: [{ id: lamp, stock: 3 }] } }]);

    await drainMails(10_000);
    const [first, second] = await lowStockMails();
    expect(first.subject).toBe("ShopIT: 2 products are running low");
    expect(first.text).toContain("Vase");
    expect(first.html).toContain(`/admin/product/${lamp}"`);
    expect(second.subject).toBe("ShopIT: Desk Lamp is running low");
  });

  it("two sweeps at once send one mail", async () => {
    await saveShopSettings({ contactEmail: "owner@example.com", lowStockThreshold: 3 });
    await createProduct({ stock: 1 });
    await createProduct({ stock: 2 });
    const [a, b] = await Promise.all([queueLowStockMails(), queueLowStockMails()]);
    expect(a.length + b.length).toBe(1);
    expect([...a, ...b][0].job).toMatchObject({ news: { products: [{ stock: 1 }, { stock: 2 }] } });
  });

  it("switched off, forgets what it told: switched on again, it tells anew", async () => {
    await saveShopSettings({ contactEmail: "owner@example.com", lowStockThreshold: 3 });
    const low = await createProduct({ stock: 1 });
    expect(await queueLowStockMails()).toHaveLength(1);
    await saveShopSettings({ lowStockThreshold: 0 });
    expect(await queueLowStockMails()).toEqual([]);
    expect(await markOf(low)).toBeNull();
    await saveShopSettings({ lowStockThreshold: 3 });
    expect(await queueLowStockMails()).toHaveLength(1);
  });
});
