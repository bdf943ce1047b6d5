import { and, eq, inArray, max, ne } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { commitTogether } from "~/db/commit.server";
import { isUniqueViolation, lockRows } from "~/db/dialect";
import { shippingMethods, shippingZoneCountries, shippingZones, taxRates } from "~/db/schema";
import type { MethodPayload, TaxRatePayload, ZonePayload } from "~/lib/api-payloads";
import { centsToDollars } from "~/lib/money";
import { PublicError } from "~/lib/public-error";
import { countryText, type MethodInput, type TaxRateInput, type ZoneInput } from "~/lib/shipping-rules";
import {
  notShippedTo,
  pricingContext,
  pricingRules,
  taxRateFor,
  zoneFor,
  type ShippingMethod,
  type ShippingZone,
  type TaxRate,
} from "./pricing.server";

// The owner's shipping zones, their methods, and the tax rates (admin → Shipping and tax, and
// /api/v1/admin/shipping-*, /api/v1/admin/tax-rate*). Reads come from pricing.server.ts's copy in
// memory; every write moves the catalogue's version, so every worker and node prices with it at once.

const zoneNotFound = () => new PublicError("Shipping zone not found", 404);
const methodNotFound = () => new PublicError("Shipping method not found", 404);
const rateNotFound = () => new PublicError("Tax rate not found", 404);

export async function getZone(id: string): Promise<ShippingZone | undefined> {
  return (await pricingRules()).zones.find((zone) => zone.id === id);
}

export async function getMethod(id: string): Promise<ShippingMethod | undefined> {
  return (await pricingRules()).zones.flatMap((zone) => zone.methods).find((method) => method.id === id);
}

export async function getTaxRate(id: string): Promise<TaxRate | undefined> {
  return (await pricingRules()).taxRates.find((rate) => rate.id === id);
}

/** Refuses countries another zone holds, naming them (a country ships from one zone only). */
async function claimCountries(tx: Tx, zoneId: string, countries: string[]) {
  const held = await tx
    .select({ country: shippingZoneCountries.country, zone: shippingZones.name })
    .from(shippingZoneCountries)
    .innerJoin(shippingZones, eq(shippingZones.id, shippingZoneCountries.zoneId))
    .where(and(inArray(shippingZoneCountries.country, countries), ne(shippingZoneCountries.zoneId, zoneId)));
  if (held.length > 0) {
    const named = held.map((h) => `${countryText(h.country)} (${h.zone})`).join(", ");
    throw new PublicError(`Already in another zone: ${named}. Take them out of it first.`, 409, "countries");
  }
  await tx.delete(shippingZoneCountries).where(eq(shippingZoneCountries.zoneId, zoneId));
  await tx.insert(shippingZoneCountries).values(countries.map((country) => ({ zoneId, country })));
}

function zoneTaken(error: unknown): unknown {
  if (isUniqueViolation(error, "shipping_zones.name"))
    return new PublicError("Another zone has this name: choose another", 409, "name");
  // Two owners claimed the same country at once: the database kept one.
  if (isUniqueViolation(error, "shipping_zone_countries.country"))
    return new PublicError(
      "A country of this zone was just put in another zone: check and save again",
      409,
      "countries",
    );
  return error;
}

export async function createZone(input: ZoneInput): Promise<ShippingZone> {
  try {
    const id = await commitTogether(async (tx) => {
      const [last] = await tx.select({ position: max(shippingZones.position) }).from(shippingZones);
      const position = last?.position === null || last?.position === undefined ? 0 : Number(last.position) + 1;
      const [zone] = await tx.insert(shippingZones).values({ name: input.name, position }).returning();
      await claimCountries(tx, zone.id, input.countries);
      return zone.id;
    });
    return (await getZone(id))!;
  } catch (error) {
    throw zoneTaken(error);
  }
}

export async function updateZone(id: string, input: ZoneInput): Promise<ShippingZone> {
  try {
    await commitTogether(async (tx) => {
      await lockRows(tx, shippingZones, [id]);
      const changed = await tx
        .update(shippingZones)
        .set({ name: input.name, updatedAt: new Date() })
        .where(eq(shippingZones.id, id))
        .returning({ id: shippingZones.id });
      if (changed.length === 0) throw zoneNotFound();
      await claimCountries(tx, id, input.countries);
    });
    return (await getZone(id))!;
  } catch (error) {
    throw zoneTaken(error);
  }
}

/** Deletes a zone and its methods: its countries are shipped to by the zone for every other country, if any. */
export async function deleteZone(id: string): Promise<void> {
  await commitTogether(async (tx) => {
    const gone = await tx.delete(shippingZones).where(eq(shippingZones.id, id)).returning({ id: shippingZones.id });
    if (gone.length === 0) throw zoneNotFound();
  });
}

function methodTaken(error: unknown): unknown {
  if (isUniqueViolation(error))
    return new PublicError("This zone has a method of this name: choose another", 409, "name");
  return error;
}

/** The zone a method goes into, locked until the transaction ends (no delete slips in between). */
async function requireZone(tx: Tx, zoneId: string) {
  await lockRows(tx, shippingZones, [zoneId]);
  const [zone] = await tx.select({ id: shippingZones.id }).from(shippingZones).where(eq(shippingZones.id, zoneId));
  if (!zone) throw new PublicError("Choose one of the shop's zones", 400, "zoneId");
}

export async function createMethod(input: MethodInput): Promise<ShippingMethod> {
  try {
    const id = await commitTogether(async (tx) => {
      await requireZone(tx, input.zoneId);
      const [last] = await tx
        .select({ position: max(shippingMethods.position) })
        .from(shippingMethods)
        .where(eq(shippingMethods.zoneId, input.zoneId));
      const position = last?.position === null || last?.position === undefined ? 0 : Number(last.position) + 1;
      const [method] = await tx
        .insert(shippingMethods)
        .values({ ...input, position })
        .returning({ id: shippingMethods.id });
      return method.id;
    });
    return (await getMethod(id))!;
  } catch (error) {
    throw methodTaken(error);
  }
}

export async function updateMethod(id: string, input: MethodInput): Promise<ShippingMethod> {
  try {
    await commitTogether(async (tx) => {
      await requireZone(tx, input.zoneId);
      const changed = await tx
        .update(shippingMethods)
        .set({ ...input, updatedAt: new Date() })
        .where(eq(shippingMethods.id, id))
        .returning({ id: shippingMethods.id });
      if (changed.length === 0) throw methodNotFound();
    });
    return (await getMethod(id))!;
  } catch (error) {
    throw methodTaken(error);
  }
}

export async function deleteMethod(id: string): Promise<void> {
  await commitTogether(async (tx) => {
    const gone = await tx
      .delete(shippingMethods)
      .where(eq(shippingMethods.id, id))
      .returning({ id: shippingMethods.id });
    if (gone.length === 0) throw methodNotFound();
  });
}

function rateTaken(error: unknown): unknown {
  if (isUniqueViolation(error))
    return new PublicError("There is a rate for this country and region already: change that one", 409, "region");
  return error;
}

export async function createTaxRate(input: TaxRateInput): Promise<TaxRate> {
  try {
    const id = await commitTogether(async (tx) => {
      const [rate] = await tx
        .insert(taxRates)
        .values({ country: input.country, region: input.region, name: input.name, rateBp: input.rate })
        .returning({ id: taxRates.id });
      return rate.id;
    });
    return (await getTaxRate(id))!;
  } catch (error) {
    throw rateTaken(error);
  }
}

export async function updateTaxRate(id: string, input: TaxRateInput): Promise<TaxRate> {
  try {
    await commitTogether(async (tx) => {
      const changed = await tx
        .update(taxRates)
        .set({
          country: input.country,
          region: input.region,
          name: input.name,
          rateBp: input.rate,
          updatedAt: new Date(),
        })
        .where(eq(taxRates.id, id))
        .returning({ id: taxRates.id });
      if (changed.length === 0) throw rateNotFound();
    });
    return (await getTaxRate(id))!;
  } catch (error) {
    throw rateTaken(error);
  }
}

export async function deleteTaxRate(id: string): Promise<void> {
  await commitTogether(async (tx) => {
    const gone = await tx.delete(taxRates).where(eq(taxRates.id, id)).returning({ id: taxRates.id });
    if (gone.length === 0) throw rateNotFound();
  });
}

/** A method as the API answers it: amounts in the shop's currency, weights in grams. */
export function methodJson(method: ShippingMethod): MethodPayload {
  return {
    _id: method.id,
    zoneId: method.zoneId,
    name: method.name,
    kind: method.kind,
    price: method.kind === "flat" ? centsToDollars(method.priceCents) : null,
    freeOver: method.freeOverCents === null ? null : centsToDollars(method.freeOverCents),
    bands: method.bands.map((band) => ({
      upTo: band.upTo === null ? null : method.kind === "value" ? centsToDollars(band.upTo) : band.upTo,
      price: centsToDollars(band.priceCents),
    })),
  };
}

export function zoneJson(zone: ShippingZone): ZonePayload {
  return { _id: zone.id, name: zone.name, countries: zone.countries, methods: zone.methods.map(methodJson) };
}

export function taxRateJson(rate: TaxRate): TaxRatePayload {
  return { _id: rate.id, country: rate.country, region: rate.region, name: rate.name, rate: rate.rateBp / 100 };
}

/** What a client needs to price its cart to an address: the zone's methods and the tax; 400 when the shop does not ship there. */
export async function shippingTo(country: string, state?: string) {
  const { rules, pricesIncludeTax } = await pricingContext();
  const zone = zoneFor(rules, country);
  if (!zone) throw notShippedTo(country, rules);
  const rate = taxRateFor(rules, country, state);
  return {
    country,
    zone: { _id: zone.id, name: zone.name },
    methods: zone.methods.map(methodJson),
    tax: rate ? { name: rate.name, rate: rate.rateBp / 100, included: pricesIncludeTax } : null,
  };
}
