// Discount codes and automatic promotions: whether one applies to a cart, and how much it takes off.
// Pure (the pages, the API and the tests share it); app/models/pricing/discounts.server.ts reads the owner's
// discounts and keeps each use, app/models/pricing/pricing.server.ts puts the result in an order's quote.
// All in cents; a percent in basis points (10% = 1000).

import { percentOf, type PricedLine } from "./pricing";

/** Percent off the items it covers, a fixed amount off them, or the shipping free. */
export const DISCOUNT_KINDS = ["percent", "amount", "free_shipping"] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

export type DiscountRule = {
  id: string;
  /** Null for an automatic promotion (applies without a code). */
  code: string | null;
  name: string;
  kind: DiscountKind;
  /** Basis points for a percent, cents for an amount; unused for free shipping. */
  value: number;
  minSubtotalCents: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  /** Limited to these products, or products of these categories (names); both empty: every item. */
  productIds: string[];
  categories: string[];
  paused: boolean;
  timesUsed: number;
};

export type DiscountLine = PricedLine & { productId: string; category: string };

/** What a discount took off an order: the items' part, or for free shipping the shipping it saved. */
export type AppliedDiscount = {
  id: string;
  code: string | null;
  name: string;
  kind: DiscountKind;
  amountCents: number;
};

/** Codes are matched whatever their case and surrounding spaces. */
export const normalCode = (code: string) => code.trim().toUpperCase();

/** a × bp / 10000 rounded half up, in integers (as the tax is). */
const percentOfCents = (cents: number, bp: number) => Math.floor((2 * cents * bp + 10_000) / 20_000);

const limited = (rule: DiscountRule) => rule.productIds.length > 0 || rule.categories.length > 0;

/** Whether the discount covers this line (its product, or its category, is one it names). */
export const covers = (rule: DiscountRule, line: DiscountLine) =>
  !limited(rule) || rule.productIds.includes(line.productId) || rule.categories.includes(line.category);

/** What the lines the discount covers cost. */
export const coveredCentsOf = (rule: DiscountRule, lines: DiscountLine[]) =>
  lines.filter((line) => covers(rule, line)).reduce((sum, line) => sum + line.priceCents * line.quantity, 0);

export type Circumstances = {
  lines: DiscountLine[];
  now: Date;
  /** How many of the buyer's orders (not canceled) already used it; 0 for a visitor. */
  customerUses: number;
  formatMoney: (cents: number) => string;
};

/** Why the discount does not apply to this cart, in the shopper's words; null when it does. */
export function refusalOf(rule: DiscountRule, { lines, now, customerUses, formatMoney }: Circumstances): string | null {
  if (rule.paused) return "This code is not in use at the moment.";
  if (rule.startsAt && now < rule.startsAt) return "This code is not valid yet.";
  if (rule.endsAt && now >= rule.endsAt) return "This code has expired.";
  if (rule.usageLimit !== null && rule.timesUsed >= rule.usageLimit) return "This code has been used up.";
  if (rule.perCustomerLimit !== null && customerUses >= rule.perCustomerLimit)
    return rule.perCustomerLimit === 1
      ? "You have already used this code."
      : `You have already used this code ${rule.perCustomerLimit} times.`;
  if (coveredCentsOf(rule, lines) === 0) return "This code does not apply to anything in your cart.";
  const itemsCents = lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
  if (rule.minSubtotalCents !== null && itemsCents < rule.minSubtotalCents)
    return `Spend ${formatMoney(rule.minSubtotalCents - itemsCents)} more to use this code.`;
  return null;
}

export type DiscountedPrices = {
  applied: AppliedDiscount[];
  /** Taken off the items, at most their whole price. */
  itemsOffCents: number;
  /** The shipping to pay after them. */
  shippingCents: number;
};

/**
 * The discounts that apply (each already found to, by refusalOf), taken off in turn: percents and
 * amounts off the items each covers, never more than the items cost together; free shipping once.
 * A discount that ends up taking nothing off is left out.
 */
export function applyDiscounts(rules: DiscountRule[], lines: DiscountLine[], shippingCents: number): DiscountedPrices {
  const itemsCents = lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
  const applied: AppliedDiscount[] = [];
  let itemsOffCents = 0;
  let shipping = shippingCents;
  for (const rule of rules) {
    let amountCents: number;
    if (rule.kind === "free_shipping") {
      amountCents = shipping;
      shipping = 0;
    } else {
      const covered = coveredCentsOf(rule, lines);
      const wanted = rule.kind === "percent" ? percentOfCents(covered, rule.value) : Math.min(rule.value, covered);
      amountCents = Math.min(wanted, itemsCents - itemsOffCents);
      itemsOffCents += amountCents;
    }
    if (amountCents > 0) applied.push({ id: rule.id, code: rule.code, name: rule.name, kind: rule.kind, amountCents });
  }
  return { applied, itemsOffCents, shippingCents: shipping };
}

/** "SAVE10", or the promotion's name: how a receipt names a discount. */
export const discountLabel = (discount: { code: string | null; name: string }) => discount.code ?? discount.name;

/** "10% off", "$15.00 off", "Free shipping": what a discount gives, as the owner's list says it. */
export function describeDiscount(
  discount: { kind: DiscountKind; value: number },
  formatMoney: (cents: number) => string,
): string {
  if (discount.kind === "percent") return `${percentOf(discount.value)} off`;
  if (discount.kind === "amount") return `${formatMoney(discount.value)} off`;
  return "Free shipping";
}

export type DiscountStatus = "Active" | "Paused" | "Scheduled" | "Ended" | "Used up";

/** Where a discount stands now: whether new orders can get it, and if not, why. */
export function discountStatus(
  discount: Pick<DiscountRule, "paused" | "startsAt" | "endsAt" | "usageLimit" | "timesUsed">,
  now: Date,
): DiscountStatus {
  if (discount.paused) return "Paused";
  if (discount.endsAt && now >= discount.endsAt) return "Ended";
  if (discount.usageLimit !== null && discount.timesUsed >= discount.usageLimit) return "Used up";
  if (discount.startsAt && now < discount.startsAt) return "Scheduled";
  return "Active";
}
