import { and, asc, count, desc, eq, sql, sum } from "drizzle-orm";
import { db } from "~/db/client.server";
import { commitTogether } from "~/db/commit.server";
import { isUniqueViolation } from "~/db/dialect";
import { discounts, orderDiscounts, orders, products } from "~/db/schema";
import type { DiscountPayload } from "~/lib/api-payloads";
import { valueOf, type DiscountInput } from "~/lib/discount-schema";
import { centsToDollars } from "~/lib/money";
import { PAYMENT } from "~/lib/order-states";
import { PublicError } from "~/lib/public-error";
import { listCategories, type Category } from "~/models/catalogue";
import type { Discount } from "./discounts.server";

// The owner's discount codes and promotions (admin → Discounts, /api/v1/admin/discount*): written
// here, with how often each was used by paid orders and how much it took off them.

export const discountNotFound = () => new PublicError("Discount not found", 404);

/** A discount with what paid orders got from it. */
export type DiscountWithUse = Discount & { paidOrders: number; discountedCents: number };

const fieldsOf = (input: DiscountInput) => ({
  code: input.code,
  name: input.name,
  kind: input.kind,
  value: valueOf(input),
  minSubtotalCents: input.minSubtotal,
  startsAt: input.startsAt,
  endsAt: input.endsAt,
  usageLimit: input.usageLimit,
  perCustomerLimit: input.perCustomerLimit,
  productIds: input.productIds,
  categoryIds: input.categoryIds,
  paused: input.paused,
});

function codeTaken(error: unknown): unknown {
  if (isUniqueViolation(error)) return new PublicError("Another discount has this code: choose another", 409, "code");
  return error;
}

/** Every discount, codes first then promotions, newest first, with its paid orders and total discounted. */
export async function listDiscounts(): Promise<DiscountWithUse[]> {
  const [rows, used] = await Promise.all([
    db
      .select()
      .from(discounts)
      .orderBy(sql`${discounts.code} IS NULL`, desc(discounts.createdAt), asc(discounts.name)),
    db
      .select({ id: orderDiscounts.discountId, n: count(), cents: sum(orderDiscounts.amountCents) })
      .from(orderDiscounts)
      .innerJoin(orders, eq(orders.id, orderDiscounts.orderId))
      .where(eq(orders.paymentStatus, PAYMENT.succeeded))
      .groupBy(orderDiscounts.discountId),
  ]);
  const byId = new Map(used.map((u) => [u.id, u]));
  return rows.map((row) => ({
    ...row,
    paidOrders: Number(byId.get(row.id)?.n ?? 0),
    discountedCents: Number(byId.get(row.id)?.cents ?? 0),
  }));
}

/** A discount as the API answers it. */
export function discountJson(d: DiscountWithUse): DiscountPayload {
  return {
    _id: d.id,
    code: d.code,
    name: d.name,
    kind: d.kind,
    percent: d.kind === "percent" ? d.value / 100 : null,
    amount: d.kind === "amount" ? centsToDollars(d.value) : null,
    minSubtotal: d.minSubtotalCents === null ? null : centsToDollars(d.minSubtotalCents),
    startsAt: d.startsAt?.toISOString() ?? null,
    endsAt: d.endsAt?.toISOString() ?? null,
    usageLimit: d.usageLimit,
    perCustomerLimit: d.perCustomerLimit,
    productIds: d.productIds,
    categoryIds: d.categoryIds,
    paused: d.paused,
    timesUsed: d.timesUsed,
    paidOrders: d.paidOrders,
    discounted: centsToDollars(d.discountedCents),
  };
}

/** A new discount: no paid order has it yet. */
export const withoutUse = (discount: Discount): DiscountWithUse => ({ ...discount, paidOrders: 0, discountedCents: 0 });

/** A discount with what paid orders got from it. */
export async function withUse(discount: Discount): Promise<DiscountWithUse> {
  const [used] = await db
    .select({ n: count(), cents: sum(orderDiscounts.amountCents) })
    .from(orderDiscounts)
    .innerJoin(orders, eq(orders.id, orderDiscounts.orderId))
    .where(and(eq(orderDiscounts.discountId, discount.id), eq(orders.paymentStatus, PAYMENT.succeeded)));
  return { ...discount, paidOrders: Number(used?.n ?? 0), discountedCents: Number(used?.cents ?? 0) };
}

export async function getDiscount(id: string): Promise<Discount | undefined> {
  const [row] = await db.select().from(discounts).where(eq(discounts.id, id));
  return row;
}

export async function createDiscount(input: DiscountInput): Promise<Discount> {
  try {
    return await commitTogether(async (tx) => (await tx.insert(discounts).values(fieldsOf(input)).returning())[0]);
  } catch (error) {
    throw codeTaken(error);
  }
}

/** Saves the owner's changes; the uses so far stay (a lower limit than those stops further ones). */
export async function updateDiscount(id: string, input: DiscountInput): Promise<Discount> {
  try {
    const [row] = await commitTogether((tx) =>
      tx
        .update(discounts)
        .set({ ...fieldsOf(input), updatedAt: new Date() })
        .where(eq(discounts.id, id))
        .returning(),
    );
    if (!row) throw discountNotFound();
    return row;
  } catch (error) {
    throw codeTaken(error);
  }
}

/** Pauses (no new order gets it) or resumes a discount. */
export async function setDiscountPaused(id: string, paused: boolean): Promise<Discount> {
  const [row] = await commitTogether((tx) =>
    tx.update(discounts).set({ paused, updatedAt: new Date() }).where(eq(discounts.id, id)).returning(),
  );
  if (!row) throw discountNotFound();
  return row;
}

/** Deletes a discount; the orders that got it keep its code, name and amount (order_discounts). */
export async function deleteDiscount(id: string): Promise<void> {
  const deleted = await commitTogether((tx) => tx.delete(discounts).where(eq(discounts.id, id)).returning());
  if (deleted.length === 0) throw discountNotFound();
}

/** The products and categories a discount can be limited to, by name (the form's lists). */
export async function discountTargets(): Promise<{ products: { id: string; name: string }[]; categories: Category[] }> {
  const [productRows, categoryRows] = await Promise.all([
    db.select({ id: products.id, name: products.name }).from(products).orderBy(asc(products.name)),
    listCategories(),
  ]);
  return { products: productRows, categories: categoryRows };
}
