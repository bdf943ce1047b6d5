import { asc } from "drizzle-orm";
import { db } from "~/db/client.server";
import { shippingMethods, shippingZoneCountries, shippingZones, taxRates } from "~/db/schema";
import { priceOrder, shippingCentsOf, type OrderPrices, type PricedLine } from "~/lib/pricing";
import { PublicError } from "~/lib/public-error";
import type { AppliedDiscount, DiscountLine } from "~/lib/discounts";
import type { MoneyFormat } from "~/lib/shop-settings";
import { EVERYWHERE } from "~/lib/shipping-rules";
import { catalogueCached } from "~/models/platform";
import type { Buyer, ShippingOption } from "~/models/types";
import { cartDiscountContext, discountsFor, type CouponOutcome, type DiscountContext } from "./discounts.server";
import { getShopSettings } from "~/models/settings";

// What an order costs to a destination: the shipping zone that covers its country, the method the
// shopper chose there (or the zone's first that can carry the order), and the tax rate of its country
// and region. The rules are the owner's (app/models/pricing/shipping-rules.server.ts writes them) and are kept in
// memory: every write moves the catalogue's version (drizzle/*/…_shipping_tax).

export type ShippingMethod = typeof shippingMethods.$inferSelect;
export type ShippingZone = typeof shippingZones.$inferSelect & { countries: string[]; methods: ShippingMethod[] };
export type TaxRate = typeof taxRates.$inferSelect;
export type PricingRules = { zones: ShippingZone[]; taxRates: TaxRate[] };

async function readRules(): Promise<PricingRules> {
  const [zones, countries, methods, rates] = await Promise.all([
    db.select().from(shippingZones).orderBy(asc(shippingZones.position), asc(shippingZones.name)),
    db.select().from(shippingZoneCountries).orderBy(asc(shippingZoneCountries.country)),
    db.select().from(shippingMethods).orderBy(asc(shippingMethods.position), asc(shippingMethods.name)),
    db.select().from(taxRates).orderBy(asc(taxRates.country), asc(taxRates.region)),
  ]);
  return {
    zones: zones.map((zone) => ({
      ...zone,
      countries: countries.filter((c) => c.zoneId === zone.id).map((c) => c.country),
      methods: methods.filter((m) => m.zoneId === zone.id),
    })),
    taxRates: rates,
  };
}

/** The shop's zones, methods and tax rates, kept in memory (never change what it returns). */
export const pricingRules = (): Promise<PricingRules> => catalogueCached("pricing-rules", readRules, () => []);

/** The zone that names the country, else the one for every other country; null when none ships there. */
export function zoneFor(rules: PricingRules, country: string): ShippingZone | null {
  return (
    rules.zones.find((zone) => zone.countries.includes(country)) ??
    rules.zones.find((zone) => zone.countries.includes(EVERYWHERE)) ??
    null
  );
}

const sameRegion = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The most particular rate for the address: its country and region, its country, then every country. */
export function taxRateFor(rules: PricingRules, country: string, region?: string | null): TaxRate | null {
  const ofCountry = rules.taxRates.filter((rate) => rate.country === country);
  return (
    (region ? ofCountry.find((rate) => rate.region !== EVERYWHERE && sameRegion(rate.region, region)) : undefined) ??
    ofCountry.find((rate) => rate.region === EVERYWHERE) ??
    rules.taxRates.find((rate) => rate.country === EVERYWHERE) ??
    null
  );
}

export type { ShippingOption } from "~/models/types";

/** The zone's methods that can carry these lines, with their prices, in the owner's order. */
export function shippingOptions(zone: ShippingZone, lines: PricedLine[]): ShippingOption[] {
  return zone.methods.flatMap((method) => {
    const priceCents = shippingCentsOf(method, lines);
    return priceCents === null ? [] : [{ id: method.id, name: method.name, priceCents }];
  });
}

export type Destination = { country: string; state?: string | null };

/** The tax an order was priced with, kept on it as it was. */
export type AppliedTax = { name: string; rateBp: number; included: boolean; onShipping: boolean };

export type OrderQuote = {
  prices: OrderPrices;
  /** The promotions and code taken off (app/models/pricing/discounts.server.ts), and what became of the code entered. */
  discounts: AppliedDiscount[];
  coupon: CouponOutcome;
  /** The method the order ships with, and the others the shopper could choose. */
  method: ShippingOption;
  options: ShippingOption[];
  tax: AppliedTax;
  /** The currency and locale it is priced in: the shop's, kept with the order. */
  money: MoneyFormat;
};

/** No zone covers the country; a shop whose owner has set up no shipping yet says so instead. */
export const notShippedTo = (country: string, rules: PricingRules) =>
  new PublicError(
    rules.zones.length === 0 ? "Sorry, this shop does not ship anywhere yet." : `Sorry, we do not ship to ${country}.`,
    400,
    "country",
  );

/** What pricing needs, read before a transaction (whose body awaits only its own queries). */
export type PricingContext = {
  rules: PricingRules;
  pricesIncludeTax: boolean;
  taxOnShipping: boolean;
  money: MoneyFormat;
};

export async function pricingContext(): Promise<PricingContext> {
  const [rules, settings] = await Promise.all([pricingRules(), getShopSettings()]);
  const { pricesIncludeTax, taxOnShipping, currency, locale } = settings;
  return { rules, pricesIncludeTax, taxOnShipping, money: { currency, locale } };
}

export type QuoteOptions = { methodId?: string | null; strict?: boolean; discounts?: DiscountContext };

/**
 * Prices lines for a destination: 400 on the country when no zone covers it or none of its methods can
 * carry the order. `methodId` is the shopper's choice; when it is not one of the options, the first
 * option is taken, or, with `strict` (a client that named it), 400 on `shippingMethod`. `discounts`
 * (discountContext) takes off the promotions and code that apply, before tax.
 */
export function quoteWith(
  { rules, pricesIncludeTax, taxOnShipping, money }: PricingContext,
  lines: DiscountLine[],
  destination: Destination,
  { methodId, strict = false, discounts }: QuoteOptions = {},
): OrderQuote {
  const zone = zoneFor(rules, destination.country);
  if (!zone) throw notShippedTo(destination.country, rules);
  const options = shippingOptions(zone, lines);
  if (options.length === 0)
    throw new PublicError(
      `Sorry, none of our shipping methods to ${destination.country} can carry this order.`,
      400,
      "country",
    );
  const chosen = options.find((option) => option.id === methodId);
  if (!chosen && methodId && strict) {
    const names = options.map((option) => `${option.name} (${option.id})`).join(", ");
    throw new PublicError(
      `Choose one of the shipping methods to ${destination.country}: ${names}.`,
      400,
      "shippingMethod",
    );
  }
  const method = chosen ?? options[0];
  const rate = taxRateFor(rules, destination.country, destination.state);
  const tax: AppliedTax = {
    name: rate?.name ?? "Tax",
    rateBp: rate?.rateBp ?? 0,
    included: pricesIncludeTax,
    onShipping: taxOnShipping,
  };
  const { discounted, coupon } = discounts
    ? discountsFor(discounts, lines, method.priceCents)
    : { discounted: { applied: [], itemsOffCents: 0, shippingCents: method.priceCents }, coupon: null };
  return {
    prices: priceOrder(lines, discounted.shippingCents, tax, discounted.itemsOffCents),
    discounts: discounted.applied,
    coupon,
    method,
    options,
    tax,
    money,
  };
}

/** quoteWith the shop's current rules. */
export async function quoteOrder(lines: DiscountLine[], destination: Destination, options?: QuoteOptions) {
  return quoteWith(await pricingContext(), lines, destination, options);
}

/** A buyer's cart priced to their address with their chosen method and the code on their cart. */
export async function quoteForBuyer(buyer: Buyer, lines: DiscountLine[], destination: Destination) {
  return quoteOrder(lines, destination, {
    methodId: buyer.shippingMethodId,
    discounts: await cartDiscountContext(buyer),
  });
}

/**
 * What the cart says of the tax and shipping still to come: for the buyer's saved address or, without
 * one, the shop's home country (Settings), or without that every other country.
 */
export type CartEstimate = {
  country: string | null;
  /** The country is the shop's home country, taken while the shopper has given no address. */
  home?: boolean;
  tax: AppliedTax | null;
  /** The first method's price for this cart and the amount over which it is free; null when none ships there. */
  shipping: { priceCents: number; freeOverCents: number | null } | null;
  /** The promotions and code that apply to the cart as it is, and what became of the code entered. */
  discounts: AppliedDiscount[];
  coupon: CouponOutcome;
};

async function estimateTo(
  lines: DiscountLine[],
  destination: Destination | null,
  discountContext: DiscountContext,
): Promise<CartEstimate> {
  const { rules, pricesIncludeTax, taxOnShipping } = await pricingContext();
  const country = destination?.country ?? EVERYWHERE;
  const zone = zoneFor(rules, country);
  const method = zone?.methods.find((m) => shippingCentsOf(m, lines) !== null);
  const rate = taxRateFor(rules, country, destination?.state);
  const { discounted, coupon } = discountsFor(discountContext, lines, method ? shippingCentsOf(method, lines)! : 0);
  return {
    discounts: discounted.applied,
    coupon,
    country: destination?.country ?? null,
    tax: rate ? { name: rate.name, rateBp: rate.rateBp, included: pricesIncludeTax, onShipping: taxOnShipping } : null,
    // The method's price before "free over", which is said beside it.
    shipping: method
      ? {
          priceCents: shippingCentsOf({ ...method, freeOverCents: null }, lines) ?? 0,
          freeOverCents: method.freeOverCents,
        }
      : null,
  };
}

/** The cart's estimate: to the address given, else to the home country (Settings) when the shop has one. */
export async function cartEstimate(
  lines: DiscountLine[],
  destination: Destination | null,
  discountContext: DiscountContext,
): Promise<CartEstimate> {
  const { homeCountry } = await getShopSettings();
  const home = !destination && homeCountry !== "";
  return { ...(await estimateTo(lines, home ? { country: homeCountry } : destination, discountContext)), home };
}

/** The methods the shopper can choose for these lines to a country; empty when the shop does not ship there. */
export async function shippingChoicesTo(lines: PricedLine[], country: string): Promise<ShippingOption[]> {
  const zone = zoneFor(await pricingRules(), country);
  return zone ? shippingOptions(zone, lines) : [];
}
