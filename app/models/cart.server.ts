import { and, asc, count, eq, isNull } from "drizzle-orm";
import { db } from "~/db/client.server";
import { cartLines, carts, products } from "~/db/schema";
import { PublicError } from "~/lib/public-error";
import { cartCookie } from "~/lib/session.server";
import { firstImageUrls } from "./products.server";
import type { Tx } from "./reviews.server";

export class CartError extends PublicError {}

/** Who the cart belongs to: a signed-in user, or the visitor holding the cart cookie. */
type Shopper = { id: string } | null;

async function cookieCartId(request: Request): Promise<string | null> {
  const value: unknown = await cartCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" ? value : null;
}

/** The cart of a user, or the visitor cart named by the cookie (never a cart that has an owner). */
async function findCartId(request: Request, user: Shopper): Promise<string | null> {
  if (user) return userCartId(db, user.id) ?? null;
  const id = await cookieCartId(request);
  if (!id) return null;
  return db.select({ id: carts.id }).from(carts).where(and(eq(carts.id, id), isNull(carts.userId))).get()?.id ?? null;
}

/** Number of lines (products) in the cart, as the navbar shows it. */
export async function getCartCount(request: Request, user: Shopper): Promise<number> {
  const cartId = await findCartId(request, user);
  if (!cartId) return 0;
  return db.select({ n: count() }).from(cartLines).where(eq(cartLines.cartId, cartId)).get()?.n ?? 0;
}

function stockOf(tx: Tx, productId: string) {
  const product = tx.select({ stock: products.stock, name: products.name }).from(products).where(eq(products.id, productId)).get();
  if (!product) throw new CartError("This product no longer exists.", 404, "product");
  return product;
}

function checkQuantity(product: { stock: number }, quantity: number) {
  if (product.stock === 0) throw new CartError("This product is out of stock.", 409, "quantity");
  if (quantity > product.stock) throw new CartError(`Only ${product.stock} left in stock.`, 409, "quantity");
}

/**
 * Puts `quantity` of a product in the cart, replacing the line when the product is already there
 * (one line per product). Returns headers that set the visitor's cart cookie when a cart was made.
 */
export async function setCartLine(request: Request, user: Shopper, productId: string, quantity: number): Promise<Headers> {
  const existing = await findCartId(request, user);
  const cartId = db.transaction((tx) => {
    checkQuantity(stockOf(tx, productId), quantity);
    const id = existing ?? tx.insert(carts).values({ userId: user?.id ?? null }).returning({ id: carts.id }).get().id;
    tx.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, id)).run();
    tx.insert(cartLines)
      .values({ cartId: id, productId, quantity })
      .onConflictDoUpdate({ target: [cartLines.cartId, cartLines.productId], set: { quantity } })
      .run();
    return id;
  });
  const headers = new Headers();
  if (!user && cartId !== existing) headers.append("Set-Cookie", await cartCookie.serialize(cartId));
  return headers;
}

/** Changes the quantity of a line already in the cart (the cart page's stepper). */
/**
 * The cart page's stepper: one more or one less of a line, kept within 1 and the stock. A step (not
 * a target quantity) is sent, so two quick clicks make two steps.
 */
export async function stepCartLine(request: Request, user: Shopper, productId: string, step: 1 | -1) {
  const cartId = await findCartId(request, user);
  db.transaction((tx) => {
    const line = cartId
      ? tx.select({ quantity: cartLines.quantity }).from(cartLines).where(and(eq(cartLines.cartId, cartId), eq(cartLines.productId, productId))).get()
      : undefined;
    if (!line || !cartId) throw new CartError("This product is not in your cart.", 404, "product");
    const { stock } = stockOf(tx, productId);
    checkQuantity({ stock }, 1);
    const quantity = Math.min(Math.max(line.quantity + step, 1), stock);
    tx.update(cartLines).set({ quantity }).where(and(eq(cartLines.cartId, cartId), eq(cartLines.productId, productId))).run();
  });
}

export async function removeCartLine(request: Request, user: Shopper, productId: string) {
  const cartId = await findCartId(request, user);
  if (cartId) db.delete(cartLines).where(and(eq(cartLines.cartId, cartId), eq(cartLines.productId, productId))).run();
}

/** A cart's lines with their products' current price and stock, in the order they were added. */
export function cartLineRows(tx: Tx, cartId: string) {
  return tx
    .select({
      productId: products.id,
      name: products.name,
      priceCents: products.priceCents,
      stock: products.stock,
      quantity: cartLines.quantity,
    })
    .from(cartLines)
    .innerJoin(products, eq(products.id, cartLines.productId))
    .where(eq(cartLines.cartId, cartId))
    .orderBy(asc(cartLines.createdAt), asc(products.name))
    .all();
}

/** The id of a user's cart, if they have one. */
export function userCartId(tx: Tx, userId: string): string | undefined {
  return tx.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId)).get()?.id;
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
export async function loadCart(request: Request, user: Shopper): Promise<{ lines: CartLine[]; notices: string[] }> {
  return readCart(await findCartId(request, user));
}

/** A signed-in user's cart, read (and clamped to the stock left) as loadCart reads it. */
export function loadUserCart(userId: string): { lines: CartLine[]; notices: string[] } {
  return readCart(userCartId(db, userId));
}

function readCart(cartId: string | null | undefined): { lines: CartLine[]; notices: string[] } {
  if (!cartId) return { lines: [], notices: [] };
  return db.transaction((tx) => {
    const rows = cartLineRows(tx, cartId);
    const notices: string[] = [];
    const lines: CartLine[] = [];
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
      lines.push({ ...row, image: null });
    }
    const images = firstImageUrls(tx, lines.map((l) => l.productId));
    for (const line of lines) line.image = images.get(line.productId) ?? null;
    return { lines, notices };
  });
}

/**
 * On sign-in, the visitor's cart joins the account's cart: its lines replace those for the same
 * products (the most recent choice wins), and the visitor cart is gone.
 */
export async function adoptVisitorCart(request: Request, userId: string) {
  const visitorCartId = await findCartId(request, null);
  if (!visitorCartId) return;
  db.transaction((tx) => {
    const own = userCartId(tx, userId);
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

/** Empties a user's cart (after their order is paid). */
export function emptyCart(tx: Tx, userId: string) {
  const cartId = userCartId(tx, userId);
  if (cartId) tx.delete(cartLines).where(eq(cartLines.cartId, cartId)).run();
}
