// The shop's arithmetic of an order, in one place for the pages, the API and the tests. All in cents;
// rates in basis points (1% = 100). What the rules are (which method, which rate) is the owner's data,
// read by app/models/pricing/pricing.server.ts; this module only computes with them.

/** How a shipping method's price is found: one price, or the band the cart's weight or value falls in. */
export const RATE_KINDS = ["flat", "weight", "value"] as const;
export type RateKind = (typeof RATE_KINDS)[number];

/** A band of a weight (grams) or value (cents) rate: the price up to and including `upTo`; null is "and above". */
export type RateBand = { upTo: number | null; priceCents: number };

export type ShippingRate = {
  kind: RateKind;
  /** The price of a flat rate. */
  priceCents: number;
  /** Weight and value rates: bands in ascending `upTo`. */
  bands: RateBand[];
  /** Free when the items cost more than this (any kind). */
  freeOverCents: number | null;
};

/** A tax rate, whether prices include it (VAT style), and whether it is charged on shipping too (EU VAT). */
export type TaxRule = { rateBp: number; included: boolean; onShipping?: boolean };

export type PricedLine = { priceCents: number; quantity: number; weightGrams?: number | null };

export type OrderPrices = {
  itemsCents: number;
  /** Taken off the items by discounts, before tax. */
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
  /** The tax is part of the items' prices (VAT style), so the total does not add it again. */
  taxIncluded: boolean;
};

/** The specification's rules, every new shop's defaults: $25 shipping, free over $200; 5% tax added. */
export const SPEC_SHIPPING: ShippingRate = { kind: "flat", priceCents: 25_00, bands: [], freeOverCents: 200_00 };
export const SPEC_TAX: TaxRule = { rateBp: 500, included: false };

export const itemsCentsOf = (lines: PricedLine[]) =>
  lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);

/**
 * The lines' weight. A product the owner left without a weight adds nothing to it: a cart of such
 * products only is priced by a weight rate's first band (the shipping page tells the owner how many
 * products have no weight).
 */
export const weightGramsOf = (lines: PricedLine[]) =>
  lines.reduce((sum, line) => sum + (line.weightGrams ?? 0) * line.quantity, 0);

/** Whether no line has a weight: a weight rate then charges its first band. */
export const hasNoWeight = (lines: PricedLine[]) => lines.every((line) => line.weightGrams == null);

/** a / b rounded half up, in integers (a ≥ 0, b > 0). */
const divideRounded = (a: number, b: number) => Math.floor((2 * a + b) / (2 * b));

/**
 * What a method charges for these lines; null when it cannot carry them (heavier or dearer than its
 * last band, and that band is not open-ended).
 */
export function shippingCentsOf(rate: ShippingRate, lines: PricedLine[]): number | null {
  const itemsCents = itemsCentsOf(lines);
  if (rate.freeOverCents !== null && itemsCents > rate.freeOverCents) return 0;
  if (rate.kind === "flat") return rate.priceCents;
  if (rate.kind === "weight" && hasNoWeight(lines)) return rate.bands[0]?.priceCents ?? null;
  const measure = rate.kind === "weight" ? weightGramsOf(lines) : itemsCents;
  const band = rate.bands.find((b) => b.upTo === null || measure <= b.upTo);
  return band ? band.priceCents : null;
}

/**
 * The tax in an amount: added to it (rounded half up at the cent), or, when prices include it, the
 * part of it that is tax: amount × rate / (1 + rate), rounded half up.
 */
export function taxCentsOf(amountCents: number, tax: TaxRule): number {
  if (amountCents <= 0 || tax.rateBp <= 0) return 0;
  return tax.included
    ? divideRounded(amountCents * tax.rateBp, 10_000 + tax.rateBp)
    : divideRounded(amountCents * tax.rateBp, 10_000);
}

/**
 * Subtotal, discount, shipping, tax (on the items after the discount, and on shipping when the rule
 * says so) and total. `shippingCents` is the chosen method's price for these lines (shippingCentsOf),
 * after any free-shipping discount; with the tax included in the prices (shipping's too) the total is
 * items − discount + shipping.
 */
export function priceOrder(lines: PricedLine[], shippingCents: number, tax: TaxRule, discountCents = 0): OrderPrices {
  const itemsCents = itemsCentsOf(lines);
  const taxCents = taxCentsOf(itemsCents - discountCents + (tax.onShipping ? shippingCents : 0), tax);
  return {
    itemsCents,
    discountCents,
    shippingCents,
    taxCents,
    totalCents: itemsCents - discountCents + shippingCents + (tax.included ? 0 : taxCents),
    taxIncluded: tax.included,
  };
}

/** The specification's own pricing (its client computes the same): $25 shipping unless over $200, 5% tax. */
export const priceBySpec = (lines: PricedLine[]) => priceOrder(lines, shippingCentsOf(SPEC_SHIPPING, lines)!, SPEC_TAX);

/** "5%", "19%", "7.25%": a rate in basis points as people write it. */
export const percentOf = (rateBp: number) => `${(rateBp / 100).toFixed(2).replace(/\.?0+$/, "")}%`;

/**
 * What receipts call a tax: "Tax (5%)", "VAT (19%)", "VAT (19%, shipping included)" when it was charged
 * on shipping too; "Tax" for orders from before tax rates.
 */
export const taxLabel = (tax: { name: string; rateBp: number | null; onShipping?: boolean } | null) => {
  if (!tax) return "Tax";
  const rate = tax.rateBp === null ? [] : [percentOf(tax.rateBp)];
  const details = [...rate, ...(tax.onShipping ? ["shipping included"] : [])];
  return details.length ? `${tax.name} (${details.join(", ")})` : tax.name;
};
