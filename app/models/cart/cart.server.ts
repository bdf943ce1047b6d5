import { and, asc, count, eq, inArray, isNull, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { db, type Queryable, type Tx } from "~/db/client.server";
import { lockedRead, lockName, lockRows, msPlaceholder, preparedOnce } from "~/db/dialect";
import { commitTogether } from "~/db/commit.server";
import { cartLines, carts, productVariants, products } from "~/db/schema";
import { PublicError } from "~/lib/public-error";
import { lineName } from "~/lib/variants";
import { firstImageUrls } from "~/models/catalogue";
import type { CartRef } from "~/models/types";

export class CartError extends PublicError {}

export type { CartRef } from "~/models/types";

/** A signed-in user's cart. */
export const userCart = (userId: string): CartRef => ({ userId, cartId: null });

/** The cart's id, read through `q` (a transaction's, to see its writes). */
async function findCartId({ userId, cartId }: CartRef, q: Queryable): Promise<string | null> {
  if (userId) return (await userCartId(userId, q)) ?? null;
  if (!cartId) return null;
  const [row] = await reads(q).visitorCart.execute({ cartId });
  return row?.id ?? null;
}

/**
 * The cart's id, its row locked until the transaction ends: its lines stay as read until written.
 * Null when there is none, or when a sign-in merged a visitor cart away meanwhile (see lockedRead).
 */
export async function lockedCartId({ userId, cartId }: CartRef, tx: Tx): Promise<string | null> {
  if (userId) return (await writes(tx).lockedCartOfUser.execute({ userId }))[0]?.id ?? null;
  if (!cartId) return null;
  return (await writes(tx).lockedVisitorCart.execute({ cartId }))[0]?.id ?? null;
}

// Which cart a prepared statement is about: the user's (placeholder userId), or a visitor's
// (placeholder cartId; a cart that has an owner is never a visitor's).
const userCartIs = () => eq(carts.userId, sql.placeholder("userId"));
const visitorCartIs = () => and(eq(carts.id, sql.placeholder("cartId")), isNull(carts.userId));

// The navbar's count, on every page: one prepared query for either kind of cart.
const linesOfUserCart = preparedOnce((q) =>
  q
    .select({ n: count() })
    .from(cartLines)
    .innerJoin(carts, eq(carts.id, cartLines.cartId))
    .where(userCartIs())
    .prepare(),
);
const linesOfVisitorCart = preparedOnce((q) =>
  q
    .select({ n: count() })
    .from(cartLines)
    .innerJoin(carts, eq(carts.id, cartLines.cartId))
    .where(visitorCartIs())
    .prepare(),
);

/** Number of lines (products) in the cart, as the navbar shows it. */
export async function getCartCount({ userId, cartId }: CartRef): Promise<number> {
  if (userId) return (await linesOfUserCart(db).execute({ userId }))[0]?.n ?? 0;
  if (!cartId) return 0;
  return (await linesOfVisitorCart(db).execute({ cartId }))[0]?.n ?? 0;
}

/** The variant a line names: "" for a product without options (cart_lines.variant_id), null in an order line. */
export const NO_VARIANT = "";

// Whether the product has variants: a line of it must name one that still exists.
const productHasVariants = sql`exists (select 1 from ${productVariants} where ${productVariants.productId} = ${products.id})`;

/**
 * What pricing and stock read of a product in a cart, the shop's or a client's (client-cart
 * checkout), with `productVariants` left-joined on the line's variant: the variant's price and stock
 * where it names one. A line that names no variant of a product that has some, or a variant that
 * is gone, has no stock (fitToStock removes it, and checkouts refuse it).
 */
export const pricedProductColumns = {
  productId: products.id,
  variantId: sql<string>`coalesce(${productVariants.id}, '')`,
  name: products.name,
  variantTitle: productVariants.title,
  sku: productVariants.sku,
  priceCents: sql<number>`coalesce(${productVariants.priceCents}, ${products.priceCents})`.mapWith(Number),
  weightGrams: products.weightGrams,
  category: products.category,
  stock:
    sql<number>`case when ${productVariants.id} is not null then ${productVariants.stock} when ${productHasVariants} then 0 else ${products.stock} end`.mapWith(
      Number,
    ),
  variantImage: productVariants.imageUrl,
  /** 1 when the product has variants (a line must then name one of them), else 0. */
  hasVariants: sql<number>`case when ${productHasVariants} then 1 else 0 end`.mapWith(Number),
};

/** A line that names no variant of a product that has some: which one is wanted must be said (400). */
export function unchosenVariant(lines: readonly { hasVariants: number; variantId: string; name: string }[]) {
  const line = lines.find((l) => l.hasVariants && !l.variantId);
  return line
    ? new CartError(`Choose which ${line.name} you want: it comes in several versions.`, 400, "variant")
    : null;
}

/** Joins a line's variant (cart_lines, or a client's list, names it by `variantId`) to its product's row. */
export const joinVariant = (variantId: SQLWrapper) =>
  and(eq(productVariants.id, variantId), eq(productVariants.productId, products.id));

// A cart's lines with their products' current price and stock, in the order they were added.
const lineRowsWhere = (q: Queryable, where: SQL | undefined) =>
  q
    .select({ ...pricedProductColumns, lineVariantId: cartLines.variantId, quantity: cartLines.quantity })
    .from(cartLines)
    .innerJoin(products, eq(products.id, cartLines.productId))
    .leftJoin(productVariants, joinVariant(cartLines.variantId))
    .innerJoin(carts, eq(carts.id, cartLines.cartId))
    .where(where)
    .orderBy(asc(cartLines.createdAt), asc(products.name), asc(cartLines.variantId))
    .prepare();

// The statements of every add-to-cart and checkout (see preparedOnce in the dialect): reads, on either connection…
const reads = preparedOnce((q) => ({
  stockOf: q
    .select({
      stock: pricedProductColumns.stock,
      name: products.name,
      variantId: pricedProductColumns.variantId,
      hasVariants: pricedProductColumns.hasVariants,
    })
    .from(products)
    .leftJoin(productVariants, joinVariant(sql.placeholder("variantId")))
    .where(eq(products.id, sql.placeholder("productId")))
    .prepare(),
  lineRows: lineRowsWhere(q, eq(cartLines.cartId, sql.placeholder("cartId"))),
  // The same, found by whose cart it is (one query instead of the cart's id, then its lines).
  lineRowsOfUser: lineRowsWhere(q, userCartIs()),
  lineRowsOfVisitor: lineRowsWhere(q, visitorCartIs()),
  cartOfUser: q.select({ id: carts.id }).from(carts).where(userCartIs()).prepare(),
  visitorCart: q.select({ id: carts.id }).from(carts).where(visitorCartIs()).prepare(),
}));

// …and writes, inside a transaction only.
const writes = preparedOnce((q) => ({
  lockedCartOfUser: lockedRead(q.select({ id: carts.id }).from(carts).where(userCartIs())).prepare(),
  lockedVisitorCart: lockedRead(q.select({ id: carts.id }).from(carts).where(visitorCartIs())).prepare(),
  touchCart: q
    .update(carts)
    .set({ updatedAt: msPlaceholder("nowMs") })
    .where(eq(carts.id, sql.placeholder("cartId")))
    .prepare(),
  putLine: q
    .insert(cartLines)
    .values({
      cartId: sql.placeholder("cartId"),
      productId: sql.placeholder("productId"),
      variantId: sql.placeholder("variantId"),
      quantity: sql.placeholder("quantity"),
      createdAt: sql.placeholder("now"),
    })
    .onConflictDoUpdate({
      target: [cartLines.cartId, cartLines.productId, cartLines.variantId],
      set: { quantity: sql`excluded.quantity` },
    })
    .prepare(),
  emptyCartOfUser: q
    .delete(cartLines)
    .where(inArray(cartLines.cartId, q.select({ id: carts.id }).from(carts).where(userCartIs())))
    .prepare(),
  forgetCouponOfUser: q.update(carts).set({ couponCode: null }).where(userCartIs()).prepare(),
}));

/** Which product, and which of its variants ("" when it has no options). */
export type Item = { productId: string; variantId: string };

/** An item, or a product id alone for a product without options. */
export type ItemRef = Item | string;
const itemOfRef = (ref: ItemRef): Item => (typeof ref === "string" ? { productId: ref, variantId: NO_VARIANT } : ref);

/**
 * The stock of a product, or of its variant, read in the transaction; 404 when the product is
 * gone, 400 when the variant is not one of its own (or none is named and it has variants).
 */
async function stockOf(tx: Tx, { productId, variantId }: Item) {
  const [product] = await reads(tx).stockOf.execute({ productId, variantId });
  if (!product) throw new CartError("This product no longer exists.", 404, "product");
  if (variantId === NO_VARIANT && product.hasVariants)
    throw new CartError(`Choose which ${product.name} you want first.`, 400, "variant");
  if (product.variantId !== variantId)
    throw new CartError(
      product.hasVariants ? `This choice of ${product.name} is no longer sold.` : `${product.name} has no such choice.`,
      400,
      "variant",
    );
  return product;
}

function checkQuantity(product: { stock: number }, quantity: number) {
  if (product.stock === 0) throw new CartError("This product is out of stock.", 409, "quantity");
  if (quantity > product.stock) throw new CartError(`Only ${product.stock} left in stock.`, 409, "quantity");
}

const lineOf = (cartId: string, { productId, variantId }: Item) =>
  and(eq(cartLines.cartId, cartId), eq(cartLines.productId, productId), eq(cartLines.variantId, variantId));

/**
 * Puts `quantity` of a product (its variant, when it has options) in the cart, replacing the line
 * when it is already there (one line per variant). Returns the cart's id and whether it was made
 * now (a visitor then needs a cookie naming it).
 */
export async function setCartLine(
  ref: CartRef,
  item: ItemRef,
  quantity: number,
): Promise<{ cartId: string; created: boolean }> {
  const { productId, variantId } = itemOfRef(item);
  return commitTogether(async (tx) => {
    checkQuantity(await stockOf(tx, { productId, variantId }), quantity);
    // Looked up inside the transaction: another process may be making this user's cart right now.
    const existing = await lockedCartId(ref, tx);
    const cartId = existing ?? (await makeCart(tx, ref.userId));
    const now = new Date();
    await writes(tx).touchCart.execute({ cartId, nowMs: now.getTime() });
    await writes(tx).putLine.execute({ cartId, productId, variantId, quantity, now });
    return { cartId, created: cartId !== existing };
  });
}

/** The new cart of a visitor, or the user's cart: made now, or by another transaction meanwhile. */
async function makeCart(tx: Tx, userId: string | null): Promise<string> {
  if (!userId) return (await tx.insert(carts).values({ userId }).returning({ id: carts.id }))[0].id;
  // Queued behind a sign-in handing this user a visitor cart (adoptVisitorCart), whose UPDATE cannot skip a conflict.
  await lockName(tx, userCartLock(userId));
  const [made] = await tx.insert(carts).values({ userId }).onConflictDoNothing().returning({ id: carts.id });
  // Nothing inserted: the user's cart was made by another transaction meanwhile (carts_user_unique).
  return made?.id ?? (await userCartId(userId, tx))!;
}

/** The name the transactions that give a user a cart lock (see lockName). */
const userCartLock = (userId: string) => `cart of user ${userId}`;

/**
 * The cart page's stepper: one more or one less of a line, kept within 1 and the stock. A step (not
 * a target quantity) is sent, so two quick clicks make two steps.
 */
export async function stepCartLine(ref: CartRef, itemRef: ItemRef, step: 1 | -1) {
  const item = itemOfRef(itemRef);
  await commitTogether(async (tx) => {
    // The line is read, then written: no other step in between.
    const cartId = await lockedCartId(ref, tx);
    const [line] = cartId
      ? await tx.select({ quantity: cartLines.quantity }).from(cartLines).where(lineOf(cartId, item))
      : [];
    if (!line || !cartId) throw new CartError("This product is not in your cart.", 404, "product");
    const { stock } = await stockOf(tx, item);
    checkQuantity({ stock }, 1);
    const quantity = Math.min(Math.max(line.quantity + step, 1), stock);
    await tx.update(cartLines).set({ quantity }).where(lineOf(cartId, item));
  });
}

export async function removeCartLine(ref: CartRef, itemRef: ItemRef) {
  const item = itemOfRef(itemRef);
  await commitTogether(async (tx) => {
    const cartId = await findCartId(ref, tx);
    if (cartId) await tx.delete(cartLines).where(lineOf(cartId, item));
  });
}

/** A cart's lines with their products' current price and stock, in the order they were added (through `q`: a transaction's, to see its writes). */
export function cartLineRows(cartId: string, q: Queryable = db) {
  return reads(q).lineRows.execute({ cartId });
}

/** The id of a user's cart, if they have one (through `q`: a transaction's, to see its writes). */
export async function userCartId(userId: string, q: Queryable = db): Promise<string | undefined> {
  return (await reads(q).cartOfUser.execute({ userId }))[0]?.id;
}

export type CartLine = {
  productId: string;
  /** "" for a product without options. */
  variantId: string;
  name: string;
  variantTitle: string | null;
  sku: string | null;
  priceCents: number;
  weightGrams: number | null;
  category: string;
  image: string | null;
  stock: number;
  quantity: number;
};

/** A line's row as read, its variant's picture apart (loadCart shows it instead of the product's first). */
const asCartLine = (
  { variantImage: _, lineVariantId: __, hasVariants: ___, ...row }: CartLineRow,
  image: string | null,
): CartLine => ({
  ...row,
  image,
});

/**
 * The cart's lines at today's prices. A line whose product ran short is clamped to the stock left,
 * and one whose product sold out is removed; each such change comes back as a notice.
 */
export async function loadCart(ref: CartRef): Promise<{ lines: CartLine[]; notices: string[] }> {
  const { rows, notices } = await fitCart(ref);
  const images = await firstImageUrls(rows.map((l) => l.productId));
  const lines = rows.map((row) => asCartLine(row, row.variantImage ?? images.get(row.productId) ?? null));
  return { lines, notices };
}

/** loadCart's lines without their pictures (what a payment needs). */
export async function fitCart(ref: CartRef): Promise<{ rows: CartLineRow[]; notices: string[] }> {
  const rows = await cartLinesOf(ref);
  // Usually nothing to change: only then is it a write, checked again inside it.
  if (!rows.some((row) => row.quantity > row.stock || row.variantId !== row.lineVariantId))
    return { rows, notices: [] };
  return commitTogether(async (tx) => {
    // The lines are read, then written: no other change to them in between.
    const cartId = await lockedCartId(ref, tx);
    return cartId ? fitToStock(tx, cartId) : { rows: [], notices: [] };
  });
}

/** The lines of the cart `ref` names, as they are (empty when there is no cart); outside a transaction. */
export function cartLinesOf({ userId, cartId }: CartRef) {
  if (userId) return reads(db).lineRowsOfUser.execute({ userId });
  return cartId ? reads(db).lineRowsOfVisitor.execute({ cartId }) : Promise.resolve([]);
}

export type CartLineRow = Awaited<ReturnType<typeof cartLineRows>>[number];

/** The line's own key: the variant it was put in with (which may be gone since). */
const itemOf = (row: CartLineRow): Item => ({ productId: row.productId, variantId: row.lineVariantId });

/** Why a line that names a variant no longer there (or none, of a product that has some now) left the cart. */
function variantGone(row: CartLineRow): string {
  if (!row.hasVariants) return `${row.name} is now sold in one version only: add it again from its page.`;
  if (row.lineVariantId === NO_VARIANT) return `${row.name} now comes in several versions: choose one on its page.`;
  return `The version of ${row.name} you chose is no longer sold: choose another on its page.`;
}

/** Clamps each line of the cart (its row locked by the caller) to its product's stock, removing sold-out ones; says what changed. */
async function fitToStock(tx: Tx, cartId: string) {
  const rows = await cartLineRows(cartId, tx);
  const notices: string[] = [];
  const kept: typeof rows = [];
  for (const row of rows) {
    const name = lineName(row.name, row.variantTitle);
    if (row.variantId !== row.lineVariantId) {
      await tx.delete(cartLines).where(lineOf(cartId, itemOf(row)));
      notices.push(variantGone(row));
      continue;
    }
    if (row.stock === 0) {
      await tx.delete(cartLines).where(lineOf(cartId, itemOf(row)));
      notices.push(`${name} is out of stock and was removed from your cart.`);
      continue;
    }
    if (row.quantity > row.stock) {
      await tx
        .update(cartLines)
        .set({ quantity: row.stock })
        .where(lineOf(cartId, itemOf(row)));
      notices.push(`Only ${row.stock} of ${name} left: the quantity in your cart is now ${row.stock}.`);
      row.quantity = row.stock;
    }
    kept.push(row);
  }
  return { rows: kept, notices };
}

/**
 * On sign-in, the visitor's cart joins the account's cart: its lines replace those for the same
 * products (the most recent choice wins), as its discount code does, and the visitor cart is gone.
 */
export async function adoptVisitorCart(visitorCart: string | null, userId: string) {
  const visitor: CartRef = { userId: null, cartId: visitorCart };
  // Most sign-ins bring no visitor cart: no write transaction for them.
  if (!(await findCartId(visitor, db))) return;
  await commitTogether(async (tx) => {
    // Locked, then read again: another sign-in with the same cookie may have taken it meanwhile.
    await lockRows(tx, carts, [visitor.cartId!]);
    const visitorCartId = await findCartId(visitor, tx);
    if (!visitorCartId) return;
    await lockName(tx, userCartLock(userId));
    const own = await userCartId(userId, tx);
    if (own) await lockRows(tx, carts, [own]);
    if (!own) {
      await tx.update(carts).set({ userId, updatedAt: new Date() }).where(eq(carts.id, visitorCartId));
      return;
    }
    const lines = await tx.select().from(cartLines).where(eq(cartLines.cartId, visitorCartId));
    for (const line of lines) {
      await tx
        .insert(cartLines)
        .values({ cartId: own, productId: line.productId, variantId: line.variantId, quantity: line.quantity })
        .onConflictDoUpdate({
          target: [cartLines.cartId, cartLines.productId, cartLines.variantId],
          set: { quantity: line.quantity },
        });
    }
    // A code entered before signing in is the most recent choice too.
    const [visitorRow] = await tx.select({ code: carts.couponCode }).from(carts).where(eq(carts.id, visitorCartId));
    if (visitorRow?.code) await tx.update(carts).set({ couponCode: visitorRow.code }).where(eq(carts.id, own));
    await tx.delete(carts).where(eq(carts.id, visitorCartId));
  });
}

/** Empties a user's cart and forgets its discount code (after their order is paid; inside its transaction). */
export async function emptyCart(tx: Tx, userId: string) {
  await writes(tx).emptyCartOfUser.execute({ userId });
  await writes(tx).forgetCouponOfUser.execute({ userId });
}

/** Empties a guest's cart and forgets its discount code (after their order is paid; inside its transaction). */
export async function emptyCartById(tx: Tx, cartId: string) {
  await tx.delete(cartLines).where(eq(cartLines.cartId, cartId));
  await tx.update(carts).set({ couponCode: null }).where(eq(carts.id, cartId));
}

/** The id of a user's cart, its row locked until the transaction ends (see lockedCartId). */
export async function lockedUserCartId(tx: Tx, userId: string): Promise<string | null> {
  return lockedCartId(userCart(userId), tx);
}

/** The discount code entered on the cart, as typed; null when none (or no cart). */
export async function cartCouponCode(ref: CartRef): Promise<string | null> {
  const cartId = await findCartId(ref, db);
  if (!cartId) return null;
  const [row] = await db.select({ code: carts.couponCode }).from(carts).where(eq(carts.id, cartId));
  return row?.code ?? null;
}

/** Keeps a discount code with the cart (null removes it); 400 when there is no cart to keep it with. */
export async function setCartCouponCode(ref: CartRef, code: string | null) {
  await commitTogether(async (tx) => {
    const cartId = await lockedCartId(ref, tx);
    if (!cartId) throw new CartError("Your cart is empty.", 400, "couponCode");
    await tx
      .update(carts)
      .set({ couponCode: code?.trim() || null, updatedAt: new Date() })
      .where(eq(carts.id, cartId));
  });
}
