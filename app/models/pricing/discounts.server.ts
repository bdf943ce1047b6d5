import { and, asc, count, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { db, type Queryable, type Tx } from "~/db/client.server";
import { lockRows, rowsAffected } from "~/db/dialect";
import { discounts, orderDiscounts, orders } from "~/db/schema";
import {
  applyDiscounts,
  normalCode,
  refusalOf,
  type AppliedDiscount,
  type DiscountedPrices,
  type DiscountLine,
  type DiscountRule,
} from "~/lib/discounts";
import { mailboxOf } from "~/lib/mailbox";
import { PAYMENT } from "~/lib/order-states";
import { PublicError } from "~/lib/public-error";
import { cartCouponCode, type CartRef } from "~/models/cart";
import { listCategories } from "~/models/catalogue";
import { shopMoney } from "~/models/settings";

// Discount codes and automatic promotions as they meet an order. Whether one applies, and how much it
// takes off, is app/lib/discounts.ts; this module reads the owner's discounts and the buyer's past
// uses before pricing (discountContext), and keeps each use with the order, in the order's own
// transaction: the last use of a code goes to exactly one of two buyers at the same moment.

export type Discount = typeof discounts.$inferSelect;

/** A row as the arithmetic needs it: its categories by name (a product names its category by name). */
async function rulesOf(rows: Discount[]): Promise<DiscountRule[]> {
  if (rows.length === 0) return [];
  const categories = await listCategories();
  const nameOf = new Map(categories.map((c) => [c.id, c.name]));
  return rows.map(({ categoryIds, createdAt: _c, updatedAt: _u, ...row }) => ({
    ...row,
    categories: categoryIds.flatMap((id) => nameOf.get(id) ?? []),
  }));
}

/** The discount with this code (whatever its case), or undefined. */
export async function discountByCode(code: string, q: Queryable = db): Promise<Discount | undefined> {
  const [row] = await q
    .select()
    .from(discounts)
    .where(eq(discounts.code, normalCode(code)))
    .limit(1);
  return row;
}

/** The orders that hold a use of a discount: unpaid (reserved) or paid. */
const holdsUse = () => inArray(orders.paymentStatus, [PAYMENT.requiresPayment, PAYMENT.succeeded]);

/**
 * How many of the buyer's orders used each of these discounts. Outside the checkout's transaction the
 * buyer's own unpaid order does not count: their next checkout releases it before it takes a use.
 */
/**
 * Whose orders count against a per-customer limit: those made with the buyer's mailbox (the canonical
 * e-mail, app/lib/mailbox.ts: a guest's, an account's, proven or not, whatever +tag or case), and the
 * orders of the buyer's account; null for nobody yet (a guest with no e-mail).
 */
export type Customer = { userId: string | null; mailbox: string } | null;

/** The customer of a buyer: their account (if any) and their e-mail. */
export const customerWith = (userId: string | null, email: string): Customer => {
  const mailbox = mailboxOf(email);
  return userId || mailbox ? { userId, mailbox } : null;
};

const ordersOf = (customer: NonNullable<Customer>) => {
  const byMailbox = customer.mailbox ? eq(orders.mailbox, customer.mailbox) : undefined;
  const byAccount = customer.userId ? eq(orders.userId, customer.userId) : undefined;
  return byMailbox && byAccount ? or(byMailbox, byAccount) : (byMailbox ?? byAccount);
};

async function customerUsesOf(
  customer: Customer,
  discountIds: string[],
  q: Queryable = db,
  { unpaidCount = false } = {},
): Promise<Map<string, number>> {
  if (!customer || discountIds.length === 0) return new Map();
  const rows = await q
    .select({ discountId: orderDiscounts.discountId, n: count() })
    .from(orderDiscounts)
    .innerJoin(orders, eq(orders.id, orderDiscounts.orderId))
    .where(
      and(
        ordersOf(customer),
        inArray(orderDiscounts.discountId, discountIds),
        unpaidCount ? holdsUse() : eq(orders.paymentStatus, PAYMENT.succeeded),
      ),
    )
    .groupBy(orderDiscounts.discountId);
  return new Map(rows.map((r) => [r.discountId!, Number(r.n)]));
}

/** What pricing needs to know of discounts for one buyer, read before the order's transaction. */
export type DiscountContext = {
  promotions: DiscountRule[];
  /** The code the shopper entered, and its discount (null when the shop has none by that code). */
  coupon: { code: string; rule: DiscountRule | null } | null;
  customerUses: Map<string, number>;
  formatMoney: (cents: number) => string;
  now: Date;
};

/** The shop's automatic promotions (not paused; dates and limits are checked against each cart). */
async function promotionRows(): Promise<Discount[]> {
  return db
    .select()
    .from(discounts)
    .where(and(isNull(discounts.code), eq(discounts.paused, false)))
    .orderBy(asc(discounts.createdAt));
}

export async function discountContext({
  couponCode,
  customer,
  now = new Date(),
}: {
  couponCode: string | null;
  customer: Customer;
  now?: Date;
}): Promise<DiscountContext> {
  const [promotionRowsRead, couponRow, formatMoney] = await Promise.all([
    promotionRows(),
    couponCode ? discountByCode(couponCode) : Promise.resolve(undefined),
    shopMoney(),
  ]);
  const [promotions, [couponRule]] = await Promise.all([
    rulesOf(promotionRowsRead),
    rulesOf(couponRow ? [couponRow] : []),
  ]);
  const limited = [...promotions, ...(couponRule ? [couponRule] : [])].filter((r) => r.perCustomerLimit !== null);
  const customerUses = await customerUsesOf(
    customer,
    limited.map((r) => r.id),
  );
  return {
    promotions,
    coupon: couponCode ? { code: couponCode, rule: couponRule ?? null } : null,
    customerUses,
    formatMoney,
    now,
  };
}

/** discountContext for a buyer's cart (a user's, or a guest's with their e-mail) and the code entered on it. */
export async function cartDiscountContext(
  buyer: { userId: string | null; cart: CartRef; email: string },
  now = new Date(),
): Promise<DiscountContext> {
  const customer = customerWith(buyer.userId, buyer.email);
  return discountContext({ couponCode: await cartCouponCode(buyer.cart), customer, now });
}

/** A context with no discounts at all (the specification's own client, tests). */
export const noDiscounts = (now = new Date()): DiscountContext => ({
  promotions: [],
  coupon: null,
  customerUses: new Map(),
  formatMoney: String,
  now,
});

/** What the shopper's code did: null when they entered none; `refusal` says why it does not apply. */
export type CouponOutcome = { code: string; refusal: string | null } | null;

export const unknownCode = (code: string) => `We do not know the code "${code}".`;

/**
 * The discounts that apply to these lines, taken off the items and the shipping: every automatic
 * promotion that applies, and the shopper's code when it does.
 */
export function discountsFor(
  context: DiscountContext,
  lines: DiscountLine[],
  shippingCents: number,
): { discounted: DiscountedPrices; coupon: CouponOutcome } {
  const circumstances = (rule: DiscountRule) => ({
    lines,
    now: context.now,
    customerUses: context.customerUses.get(rule.id) ?? 0,
    formatMoney: context.formatMoney,
  });
  const rules = context.promotions.filter((rule) => refusalOf(rule, circumstances(rule)) === null);
  let refusal: string | null = null;
  const entered = context.coupon;
  if (entered) {
    refusal = entered.rule ? refusalOf(entered.rule, circumstances(entered.rule)) : unknownCode(entered.code);
    if (entered.rule && refusal === null) rules.push(entered.rule);
  }
  const discounted = applyDiscounts(rules, lines, shippingCents);
  if (entered?.rule && refusal === null && !discounted.applied.some((a) => a.id === entered.rule!.id))
    refusal = "This code takes nothing more off this order.";
  return { discounted, coupon: entered ? { code: entered.code, refusal } : null };
}

/** A use the order was priced with is gone (409): someone else's order took the last one meanwhile. */
export const discountGone = (applied: AppliedDiscount) =>
  new PublicError(
    applied.code
      ? `The code ${applied.code} has just been used up. Please check your order's total again.`
      : `The promotion "${applied.name}" has just ended. Please check your order's total again.`,
    409,
  );

const usedByCustomer = (applied: AppliedDiscount) =>
  new PublicError(
    `You have already used ${applied.code ? `the code ${applied.code}` : `the promotion "${applied.name}"`} as often as it allows. Please check your order's total again.`,
    409,
  );

/**
 * In the order's transaction, before anything is written: locks the rows of the discounts the order
 * was priced with (until the commit; SQLite has one writer), then checks that each is still in use
 * with a use left, and that the buyer has not reached its own limit. The error to refuse the order
 * with (409), or null; keepDiscountUses then takes the uses. So the last use of a code goes to exactly
 * one of two orders at the same moment, and two orders of one buyer cannot both pass their limit.
 */
export async function checkDiscountUses(
  tx: Tx,
  customer: Customer,
  applied: AppliedDiscount[],
): Promise<PublicError | null> {
  if (applied.length === 0) return null;
  const ids = applied.map((a) => a.id);
  await lockRows(tx, discounts, ids);
  const rows = await tx.select().from(discounts).where(inArray(discounts.id, ids));
  const uses = await customerUsesOf(customer, ids, tx, { unpaidCount: true });
  for (const discount of applied) {
    const row = rows.find((r) => r.id === discount.id);
    if (!row || row.paused || (row.usageLimit !== null && row.timesUsed >= row.usageLimit))
      return discountGone(discount);
    if (row.perCustomerLimit !== null && (uses.get(row.id) ?? 0) >= row.perCustomerLimit)
      return usedByCustomer(discount);
  }
  return null;
}

/** Takes the uses checkDiscountUses found, and keeps what each discount took off with the order. */
export async function keepDiscountUses(tx: Tx, orderId: string, applied: AppliedDiscount[]) {
  for (const discount of applied) {
    await tx
      .update(discounts)
      .set({ timesUsed: sql`${discounts.timesUsed} + 1` })
      .where(eq(discounts.id, discount.id));
    await tx.insert(orderDiscounts).values({
      orderId,
      discountId: discount.id,
      code: discount.code,
      name: discount.name,
      kind: discount.kind,
      amountCents: discount.amountCents,
    });
  }
}

/** One more use of a discount, only while it has one left (paused or not); false otherwise. */
async function takeUse(tx: Tx, discountId: string): Promise<boolean> {
  const taken = await tx
    .update(discounts)
    .set({ timesUsed: sql`${discounts.timesUsed} + 1` })
    .where(
      and(
        eq(discounts.id, discountId),
        or(isNull(discounts.usageLimit), lt(discounts.timesUsed, discounts.usageLimit)),
      ),
    );
  return rowsAffected(taken) === 1;
}

async function giveBackUse(tx: Tx, discountId: string) {
  await tx
    .update(discounts)
    .set({ timesUsed: sql`${discounts.timesUsed} - 1` })
    .where(and(eq(discounts.id, discountId), sql`${discounts.timesUsed} > 0`));
}

/** The discounts an order holds a use of (those not deleted since). */
async function discountIdsOf(tx: Tx, orderId: string): Promise<string[]> {
  const rows = await tx
    .select({ discountId: orderDiscounts.discountId })
    .from(orderDiscounts)
    .where(eq(orderDiscounts.orderId, orderId));
  return rows.flatMap((r) => (r.discountId ? [r.discountId] : [])).sort();
}

/** Gives back the uses a released (unpaid, canceled) order held, in its transaction. */
export async function releaseDiscountUses(tx: Tx, orderId: string) {
  for (const id of await discountIdsOf(tx, orderId)) await giveBackUse(tx, id);
}

/**
 * Takes again the uses of an order paid after its reservation was released: all of them or none
 * (false, nothing left written), as its stock. The buyer paid the discounted price, so a pause since
 * does not stop it; a use gone meanwhile means the order cannot be kept at that price.
 */
export async function takeDiscountUsesAgain(tx: Tx, orderId: string): Promise<boolean> {
  const taken: string[] = [];
  for (const id of await discountIdsOf(tx, orderId)) {
    if (!(await takeUse(tx, id))) {
      for (const back of taken) await giveBackUse(tx, back);
      return false;
    }
    taken.push(id);
  }
  return true;
}
