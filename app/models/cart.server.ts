import { and, asc, count, eq, isNull, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { commitTogether } from "~/db/group-commit.server";
import { preparedOnce } from "~/db/prepared";
import { cartLines, carts, products } from "~/db/schema";
import { PublicError } from "~/lib/public-error";
import { firstImageUrls } from "./products.server";
import type { Tx } from "~/db/client.server";

export class CartError extends PublicError {}

/**
 * Whose cart: a signed-in user's (`userId`), or else the visitor cart a browser names (`cartId`,
 * from its cart cookie). A visitor's cart id never reaches a cart that has an owner.
 */
export type CartRef = { userId: string | null; cartId: string | null };

/** A signed-in user's cart. */
export const userCart = (userId: string): CartRef => ({ userId, cartId: null });

/** The cart's id (inside a transaction, if one is open: statements run on the one connection). */
function findCartId({ userId, cartId }: CartRef): string | null {
  if (userId) return userCartId(userId) ?? null;
  if (!cartId) return null;
  return db.select({ id: carts.id }).from(carts).where(and(eq(carts.id, cartId), isNull(carts.userId))).get()?.id ?? null;
}

// The navbar's count, on every page: one prepared query for either kind of cart.
const linesOfUserCart = preparedOnce(() =>
  db
    .select({ n: count() })
    .from(cartLines)
    .innerJoin(carts, eq(carts.id, cartLines.cartId))
    .where(eq(carts.userId, sql.placeholder("userId")))
    .prepare(),
);
const linesOfVisitorCart = preparedOnce(() =>
  db
    .select({ n: count() })
    .from(cartLines)
    .innerJoin(carts, eq(carts.id, cartLines.cartId))
    .where(and(eq(carts.id, sql.placeholder("cartId")), isNull(carts.userId)))
    .prepare(),
);

/** Number of lines (products) in the cart, as the navbar shows it. */
export async function getCartCount({ userId, cartId }: CartRef): Promise<number> {
  if (userId) return linesOfUserCart().get({ userId })?.n ?? 0;
  if (!cartId) return 0;
  return linesOfVisitorCart().get({ cartId })?.n ?? 0;
}

// The statements of every add-to-cart and checkout (see prepared.ts).
const statements = preparedOnce(() => ({
  stockOf: db
    .select({ stock: products.stock, name: products.name })
    .from(products)
    .where(eq(products.id, sql.placeholder("productId")))
    .prepare(),
  touchCart: db
    .update(carts)
    // In .set() a placeholder goes in as SQL, unconverted: epoch milliseconds, as the column stores them.
    .set({ updatedAt: sql`${sql.placeholder("nowMs")}` })
    .where(eq(carts.id, sql.placeholder("cartId")))
    .prepare(),
  putLine: db
    .insert(cartLines)
    .values({ cartId: sql.placeholder("cartId"), productId: sql.placeholder("productId"), quantity: sql.placeholder("quantity"), createdAt: sql.placeholder("now") })
    .onConflictDoUpdate({ target: [cartLines.cartId, cartLines.productId], set: { quantity: sql`excluded.quantity` } })
    .prepare(),
  lineRows: db
    .select({
      productId: products.id,
      name: products.name,
      priceCents: products.priceCents,
      stock: products.stock,
      quantity: cartLines.quantity,
    })
    .from(cartLines)
    .innerJoin(products, eq(products.id, cartLines.productId))
    .where(eq(cartLines.cartId, sql.placeholder("cartId")))
    .orderBy(asc(cartLines.createdAt), asc(products.name))
    .prepare(),
  cartOfUser: db
    .select({ id: carts.id })
    .from(carts)
    .where(eq(carts.userId, sql.placeholder("userId")))
    .prepare(),
  emptyCart: db
    .delete(cartLines)
    .where(eq(cartLines.cartId, sql.placeholder("cartId")))
    .prepare(),
}));

/** A product's stock and name (inside a transaction, if one is open); 404 when it is gone. */
function stockOf(productId: string) {
  const product = statements().stockOf.get({ productId });
  if (!product) throw new CartError("This product no longer exists.", 404, "product");
  return product;
}

function checkQuantity(product: { stock: number }, quantity: number) {
  if (product.stock === 0) throw new CartError("This product is out of stock.", 409, "quantity");
  if (quantity > product.stock) throw new CartError(`Only ${product.stock} left in stock.`, 409, "quantity");
}

/**
 * Puts `quantity` of a product in the cart, replacing the line when the product is already there
 * (one line per product). Returns the cart's id and whether it was made now (a visitor then needs
 * a cookie naming it).
 */
export async function setCartLine(ref: CartRef, productId: string, quantity: number): Promise<{ cartId: string; created: boolean }> {
  return commitTogether((tx) => {
    checkQuantity(stockOf(productId), quantity);
    // Looked up inside the transaction: another process may be making this user's cart right now.
    const existing = findCartId(ref);
    const cartId = existing ?? tx.insert(carts).values({ userId: ref.userId }).returning({ id: carts.id }).get().id;
    const now = new Date();
    statements().touchCart.run({ cartId, nowMs: now.getTime() });
    statements().putLine.run({ cartId, productId, quantity, now });
    return { cartId, created: cartId !== existing };
  });
}

/**
 * The cart page's stepper: one more or one less of a line, kept within 1 and the stock. A step (not
 * a target quantity) is sent, so two quick clicks make two steps.
 */
export async function stepCartLine(ref: CartRef, productId: string, step: 1 | -1) {
  const cartId = findCartId(ref);
  await commitTogether((tx) => {
    const line = cartId
      ? tx.select({ quantity: cartLines.quantity }).from(cartLines).where(and(eq(cartLines.cartId, cartId), eq(cartLines.productId, productId))).get()
      : undefined;
    if (!line || !cartId) throw new CartError("This product is not in your cart.", 404, "product");
    const { stock } = stockOf(productId);
    checkQuantity({ stock }, 1);
    const quantity = Math.min(Math.max(line.quantity + step, 1), stock);
    tx.update(cartLines).set({ quantity }).where(and(eq(cartLines.cartId, cartId), eq(cartLines.productId, productId))).run();
  });
}

export async function removeCartLine(ref: CartRef, productId: string) {
  const cartId = findCartId(ref);
  if (cartId) await commitTogether((tx) => tx.delete(cartLines).where(and(eq(cartLines.cartId, cartId), eq(cartLines.productId, productId))).run());
}

/** A cart's lines with their products' current price and stock, in the order they were added (inside a transaction, if one is open). */
export function cartLineRows(cartId: string) {
  return statements().lineRows.all({ cartId });
}

/** The id of a user's cart, if they have one (inside a transaction, if one is open). */
export function userCartId(userId: string): string | undefined {
  return statements().cartOfUser.get({ userId })?.id;
}

export type CartLine = {
  productId: string;
  name: string;
  priceCents: number;
  image: string | null;
  stock: number;
  quantity: number;
};

/**
 * The cart's lines at today's prices. A line whose product ran short is clamped to the stock left,
 * and one whose product sold out is removed; each such change comes back as a notice.
 */
export async function loadCart(ref: CartRef): Promise<{ lines: CartLine[]; notices: string[] }> {
  const { rows, notices } = await fitCart(ref);
  const lines: CartLine[] = rows.map((row) => ({ ...row, image: null }));
  const images = await firstImageUrls(lines.map((l) => l.productId));
  for (const line of lines) line.image = images.get(line.productId) ?? null;
  return { lines, notices };
}

/** loadCart's lines without their pictures (what a payment needs). */
export async function fitCart(ref: CartRef): Promise<{ rows: CartLineRow[]; notices: string[] }> {
  const cartId = findCartId(ref);
  if (!cartId) return { rows: [], notices: [] };
  const rows = cartLineRows(cartId);
  // Usually nothing to change: only then is it a write, checked again inside it.
  return rows.some((row) => row.quantity > row.stock) ? commitTogether((tx) => fitToStock(tx, cartId)) : { rows, notices: [] };
}

type CartLineRow = ReturnType<typeof cartLineRows>[number];

/** Clamps each line of the cart to its product's stock, removing sold-out ones; says what changed. */
function fitToStock(tx: Tx, cartId: string) {
  const rows = cartLineRows(cartId);
  const notices: string[] = [];
  const kept: typeof rows = [];
  for (const row of rows) {
    if (row.stock === 0) {
      tx.delete(cartLines).where(and(eq(cartLines.cartId, cartId), eq(cartLines.productId, row.productId))).run();
      notices.push(`${row.name} is out of stock and was removed from your cart.`);
      continue;
    }
    if (row.quantity > row.stock) {
      tx.update(cartLines)
        .set({ quantity: row.stock })
        .where(and(eq(cartLines.cartId, cartId), eq(cartLines.productId, row.productId)))
        .run();
      notices.push(`Only ${row.stock} of ${row.name} left: the quantity in your cart is now ${row.stock}.`);
      row.quantity = row.stock;
    }
    kept.push(row);
  }
  return { rows: kept, notices };
}

/**
 * On sign-in, the visitor's cart joins the account's cart: its lines replace those for the same
 * products (the most recent choice wins), and the visitor cart is gone.
 */
export async function adoptVisitorCart(visitorCart: string | null, userId: string) {
  const visitorCartId = findCartId({ userId: null, cartId: visitorCart });
  if (!visitorCartId) return;
  await commitTogether((tx) => {
    const own = userCartId(userId);
    if (!own) {
      tx.update(carts).set({ userId, updatedAt: new Date() }).where(eq(carts.id, visitorCartId)).run();
      return;
    }
    const lines = tx.select().from(cartLines).where(eq(cartLines.cartId, visitorCartId)).all();
    for (const line of lines) {
      tx.insert(cartLines)
        .values({ cartId: own, productId: line.productId, quantity: line.quantity })
        .onConflictDoUpdate({ target: [cartLines.cartId, cartLines.productId], set: { quantity: line.quantity } })
        .run();
    }
    tx.delete(carts).where(eq(carts.id, visitorCartId)).run();
  });
}

/** Empties a user's cart (after their order is paid; inside its transaction). */
export function emptyCart(userId: string) {
  const cartId = userCartId(userId);
  if (cartId) statements().emptyCart.run({ cartId });
}
