import { and, eq, gte, notExists, sql } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { lockRows, msPlaceholder, preparedOnce, rowsAffected } from "~/db/dialect";
import { productVariants, products } from "~/db/schema";
import { lineName } from "~/lib/variants";
import { CartError } from "~/models/cart";

// Stock taken by checkouts and given back by releases, per product or per variant. A variant's
// product keeps the total of its variants' stock, so each change to a variant's stock changes its
// product's in the same transaction. Locks: a product's row first, then its variants' rows, all in
// id order, by every writer (here, and the admin's saveVariants): no two transactions wait for each
// other crosswise.

/** What is taken or given back: so many of a product, or of its variant ("" or null: none). */
export type StockItem = {
  productId: string;
  variantId?: string | null;
  quantity: number;
  name: string;
  variantTitle?: string | null;
};

const placeholder = sql.placeholder;

// A product without variants: its own stock is what is sold (a product with variants sells theirs).
const noVariants = () =>
  notExists(sql`(select 1 from ${productVariants} where ${productVariants.productId} = ${products.id})`);

const statements = preparedOnce((q) => ({
  takeProduct: q
    .update(products)
    .set({ stock: sql`${products.stock} - ${placeholder("quantity")}`, updatedAt: msPlaceholder("nowMs") })
    .where(and(eq(products.id, placeholder("productId")), gte(products.stock, placeholder("quantity")), noVariants()))
    .prepare(),
  takeVariant: q
    .update(productVariants)
    .set({ stock: sql`${productVariants.stock} - ${placeholder("quantity")}` })
    .where(
      and(
        eq(productVariants.id, placeholder("variantId")),
        eq(productVariants.productId, placeholder("productId")),
        gte(productVariants.stock, placeholder("quantity")),
      ),
    )
    .prepare(),
  giveProduct: q
    .update(products)
    .set({ stock: sql`${products.stock} + ${placeholder("quantity")}`, updatedAt: msPlaceholder("nowMs") })
    .where(and(eq(products.id, placeholder("productId")), noVariants()))
    .prepare(),
  // A product with variants: its total moves with theirs.
  moveTotal: q
    .update(products)
    .set({ stock: sql`${products.stock} + ${placeholder("quantity")}`, updatedAt: msPlaceholder("nowMs") })
    .where(eq(products.id, placeholder("productId")))
    .prepare(),
  plainStock: q
    .select({ stock: products.stock })
    .from(products)
    .where(and(eq(products.id, placeholder("productId")), noVariants()))
    .prepare(),
  variantStock: q
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(
      and(eq(productVariants.id, placeholder("variantId")), eq(productVariants.productId, placeholder("productId"))),
    )
    .prepare(),
  giveVariant: q
    .update(productVariants)
    .set({ stock: sql`${productVariants.stock} + ${placeholder("quantity")}` })
    .where(
      and(eq(productVariants.id, placeholder("variantId")), eq(productVariants.productId, placeholder("productId"))),
    )
    .prepare(),
}));

/** Locks the products' rows until the transaction ends, in id order (before any of their variants'). */
export const lockProducts = (tx: Tx, productIds: Iterable<string>) =>
  lockRows(tx, products, [...new Set(productIds)].sort());

/** What the buyer is told when a line asks for more than is left (409). */
export const notEnoughStock = (line: { name: string; variantTitle?: string | null; stock: number }) => {
  const name = lineName(line.name, line.variantTitle);
  return new CartError(
    line.stock === 0 ? `${name} is out of stock.` : `Only ${line.stock} of ${name} left in stock.`,
    409,
  );
};

/** The items grouped by product, products and each one's variants in id order (the order of the locks). */
function byProduct(items: readonly StockItem[]): [string, StockItem[]][] {
  const groups = new Map<string, StockItem[]>();
  for (const item of [...items].sort((a, b) => ((a.variantId ?? "") < (b.variantId ?? "") ? -1 : 1)))
    groups.set(item.productId, [...(groups.get(item.productId) ?? []), item]);
  return [...groups.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
}

/** The items grouped by product (see byProduct), their products' rows locked first. */
async function lockedByProduct(tx: Tx, items: readonly StockItem[]) {
  const groups = byProduct(items);
  await lockProducts(
    tx,
    groups.map(([productId]) => productId),
  );
  return groups;
}

/**
 * Takes each item's quantity from stock, only where that much is left: when N units remain, at most
 * N are sold however many buyers come at once. 409 when one is short (the transaction's body throws,
 * so what was taken is undone: SQLite's savepoint, PostgreSQL's whole transaction).
 */
export async function takeStock(tx: Tx, items: readonly StockItem[]) {
  const nowMs = Date.now();
  for (const [productId, group] of await lockedByProduct(tx, items)) {
    let fromVariants = 0;
    for (const item of group) {
      const { quantity } = item;
      const taken = item.variantId
        ? await statements(tx).takeVariant.execute({ productId, variantId: item.variantId, quantity })
        : await statements(tx).takeProduct.execute({ productId, quantity, nowMs });
      if (rowsAffected(taken) !== 1) throw notEnoughStock({ ...item, stock: await stockLeft(tx, item) });
      if (item.variantId) fromVariants += quantity;
    }
    // The product's total follows its variants'.
    if (fromVariants) await statements(tx).moveTotal.execute({ productId, quantity: -fromVariants, nowMs });
  }
}

/** What is left of an item: none of a variant or product gone, nor of a product that has variants now. */
async function stockLeft(tx: Tx, { productId, variantId }: StockItem): Promise<number> {
  const [row] = variantId
    ? await statements(tx).variantStock.execute({ productId, variantId })
    : await statements(tx).plainStock.execute({ productId });
  return row?.stock ?? 0;
}

/**
 * Gives the items' stock back (a released reservation). A variant deleted meanwhile gets nothing
 * back, nor does its product (whose stock is its variants' total); nor a product that has variants
 * now and had none then.
 */
export async function giveStockBack(tx: Tx, items: readonly StockItem[]) {
  const nowMs = Date.now();
  for (const [productId, group] of await lockedByProduct(tx, items)) {
    let toTotal = 0;
    for (const { variantId, quantity } of group) {
      if (!variantId) await statements(tx).giveProduct.execute({ productId, quantity, nowMs });
      else if (rowsAffected(await statements(tx).giveVariant.execute({ productId, variantId, quantity })) === 1)
        toTotal += quantity;
    }
    if (toTotal) await statements(tx).moveTotal.execute({ productId, quantity: toTotal, nowMs });
  }
}

/** Whether every item's quantity is still in stock (read on locked rows: still so when written). */
export async function allInStock(tx: Tx, items: readonly StockItem[]): Promise<boolean> {
  await lockProducts(
    tx,
    items.map((i) => i.productId),
  );
  for (const item of items) {
    // A variant deleted since, or a product: nothing left of it.
    if ((await stockLeft(tx, item)) < item.quantity) return false;
  }
  return true;
}
