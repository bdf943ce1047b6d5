import { newId } from "~/db/ids";
import { eq } from "drizzle-orm";
import { db, type Tx } from "~/db/client.server";
import { nextOrderNumber } from "~/db/dialect";
import { commitTogether } from "~/db/commit.server";
import { categories, orderLines, orders, productImages, products, reviews, users } from "~/db/schema";
import { slugOf } from "~/lib/page-schema";
import { PAYMENT, type OrderStatusValue, type PaymentStatus } from "~/lib/order-states";
import type { Role } from "~/lib/roles";
import type { TableQuery } from "~/lib/table-query";
import { createSession } from "~/models/accounts";
import { issueApiToken } from "~/web/api-token.server";

let clock = Date.UTC(2026, 0, 1);

/** Test data goes in as the shop's own writes do: through the write transaction, committed when this settles. */
const write = <T>(work: (tx: Tx) => Promise<T>) => commitTogether(work);

type ProductInput = Partial<{
  name: string;
  description: string;
  priceCents: number;
  category: string;
  seller: string;
  stock: number;
  ratings: number;
  images: number;
  weightGrams: number;
}>;

/** The shop's categories of these names, added when missing (as admin → Categories would, last in its order). */
export function addCategories(...names: string[]): Promise<void> {
  return write(async (tx) => {
    for (const name of names) await addCategory(tx, name);
  });
}

const addCategory = (tx: Tx, name: string) =>
  tx
    .insert(categories)
    .values({ name, slug: slugOf(name), position: 100 })
    .onConflictDoNothing();

/** Inserts a product (and its category when the shop lacks it); each call is one minute newer than the last, so "latest first" is known. */
export function createProduct(input: ProductInput = {}): Promise<string> {
  const id = newId();
  clock += 60_000;
  const createdAt = new Date(clock);
  const category = input.category ?? "Electronics";
  return write(async (tx) => {
    await addCategory(tx, category);
    await tx.insert(products).values({
      id,
      name: input.name ?? `Product ${id.slice(0, 6)}`,
      description: input.description ?? "A plain test product.",
      priceCents: input.priceCents ?? 1000,
      category,
      seller: input.seller ?? "Test Seller",
      stock: input.stock ?? 5,
      ratings: input.ratings ?? 0,
      weightGrams: input.weightGrams ?? null,
      createdAt,
    });
    for (let i = 0; i < (input.images ?? 1); i++) {
      await tx.insert(productImages).values({ productId: id, url: `/uploads/test/${id}-${i}.svg`, position: i });
    }
    return id;
  });
}

export async function createUser(name = "Test User", role: Role = "user"): Promise<string> {
  const id = newId();
  await write((tx) => tx.insert(users).values({ id, name, email: `${id}@example.com`, passwordHash: "x", role }));
  return id;
}

export async function addReview(productId: string, userId: string, rating: number, comment = "Fine.") {
  await write((tx) => tx.insert(reviews).values({ productId, userId, rating, comment }));
}

export async function clearCatalogue() {
  await write((tx) => tx.delete(products));
}

type OrderInput = Partial<{
  userId: string | null;
  userName: string;
  paymentStatus: PaymentStatus;
  orderStatus: OrderStatusValue;
  paymentIntentId: string;
  checkoutSessionId: string;
  createdAt: Date;
}> & {
  lines?: { productId: string; quantity: number; priceCents?: number; name?: string; variantTitle?: string }[];
};

/**
 * Inserts an order as checkout leaves it (paid by default; an unpaid one's stock is taken, as
 * reserved): its total is the sum of its lines, and each call is one minute newer than the last.
 */
export function createOrder(input: OrderInput = {}) {
  return write((tx) => insertOrder(tx, input));
}

/** createOrder inside a transaction the caller holds. */
export async function insertOrder(tx: Tx, input: OrderInput = {}) {
  const lines = input.lines ?? [];
  const total = lines.reduce((sum, l) => sum + (l.priceCents ?? 1000) * l.quantity, 0);
  const paymentStatus = input.paymentStatus ?? PAYMENT.succeeded;
  clock += 60_000;
  const createdAt = input.createdAt ?? new Date(clock);
  const [order] = await tx
    .insert(orders)
    .values({
      orderNumber: nextOrderNumber(),
      userId: input.userId ?? null,
      userName: input.userName ?? "Test Buyer",
      shippingRecipientName: input.userName ?? "Test Buyer",
      shippingAddress: "1 Main St",
      shippingCity: "Springfield",
      shippingPhoneNo: "555 0100",
      shippingPostalCode: "12345",
      shippingCountry: "France",
      paymentIntentId: input.paymentIntentId,
      checkoutSessionId: input.checkoutSessionId,
      paymentStatus,
      itemsPriceCents: total,
      shippingPriceCents: 0,
      taxPriceCents: 0,
      totalPriceCents: total,
      orderStatus: input.orderStatus,
      paidAt: paymentStatus === PAYMENT.succeeded || paymentStatus === PAYMENT.refunded ? createdAt : null,
      createdAt,
    })
    .returning();
  for (const [i, line] of lines.entries()) {
    await tx.insert(orderLines).values({
      orderId: order.id,
      productId: line.productId,
      name: line.name ?? `Line ${i + 1}`,
      variantTitle: line.variantTitle ?? null,
      priceCents: line.priceCents ?? 1000,
      quantity: line.quantity,
    });
  }
  return order;
}

export async function clearOrders() {
  await write((tx) => tx.delete(orders));
}

export async function stockOf(productId: string) {
  const [row] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  return row?.stock;
}

/** An admin table's state (search, sort, page) as its loader reads it from the URL: page 1 of 10, ascending. */
export function tableQuery<S extends string>(sort: S, over: Partial<TableQuery<S>> = {}): TableQuery<S> {
  return { q: "", sort, dir: "asc", page: 1, size: 10, ...over };
}

/** An `Authorization` header value for a new session of this user, as an API client holds it. */
export async function bearerFor(userId: string) {
  const { key, session } = await createSession({ userId, device: "Unit test", ip: null });
  return `Bearer ${await issueApiToken({ userId, sessionKey: key }, session.expiresAt)}`;
}
