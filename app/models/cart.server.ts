import { count, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { cartLines, carts, products } from "~/db/schema";
import { cartCookie } from "~/lib/session.server";

export class CartError extends Error {
  constructor(
    message: string,
    readonly field: "quantity" | "product",
  ) {
    super(message);
  }
}

async function cartIdFromRequest(request: Request): Promise<string | null> {
  const value: unknown = await cartCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" ? value : null;
}

/** Number of lines (products) in the visitor's cart, as the navbar shows it. */
export async function getCartCount(request: Request): Promise<number> {
  const cartId = await cartIdFromRequest(request);
  if (!cartId) return 0;
  const [{ lines }] = await db.select({ lines: count() }).from(cartLines).where(eq(cartLines.cartId, cartId));
  return lines;
}

/**
 * Puts `quantity` of a product in the cart, replacing the line when the product is already there
 * (one line per product). Returns the headers that keep the cart cookie.
 */
export async function setCartLine(request: Request, productId: string, quantity: number): Promise<Headers> {
  const existingCartId = await cartIdFromRequest(request);
  const cartId = db.transaction((tx) => {
    const product = tx
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, productId))
      .get();
    if (!product) throw new CartError("This product no longer exists.", "product");
    if (product.stock === 0) throw new CartError("This product is out of stock.", "quantity");
    if (quantity > product.stock)
      throw new CartError(`Only ${product.stock} left in stock.`, "quantity");

    let id = existingCartId;
    if (id && !tx.select({ id: carts.id }).from(carts).where(eq(carts.id, id)).get()) id = null;
    if (!id) id = tx.insert(carts).values({}).returning({ id: carts.id }).get().id;
    else tx.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, id)).run();

    tx.insert(cartLines)
      .values({ cartId: id, productId, quantity })
      .onConflictDoUpdate({ target: [cartLines.cartId, cartLines.productId], set: { quantity } })
      .run();
    return id;
  });
  const headers = new Headers();
  if (cartId !== existingCartId) headers.append("Set-Cookie", await cartCookie.serialize(cartId));
  return headers;
}
