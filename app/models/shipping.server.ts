import { eq } from "drizzle-orm";
import countries from "i18n-iso-countries";
import en from "i18n-iso-countries/langs/en.json";
import { db } from "~/db/client.server";
import { users } from "~/db/schema";
import { PublicError } from "~/lib/public-error";
import type { ShippingInfo } from "~/lib/shipping-schema";
import type { User } from "./users.server";

countries.registerLocale(en);

/** Every country of ISO 3166-1, by English name (the list of the shipping form). */
export const COUNTRY_NAMES: string[] = Object.values(countries.getNames("en", { select: "official" })).sort((a, b) =>
  a.localeCompare(b, "en"),
);
const known = new Set(COUNTRY_NAMES);

export function assertCountry(country: string) {
  if (!known.has(country)) throw new PublicError("Please choose a country from the list", 400, "country");
}

/**
 * The list's name of a country named by any of its English names: API clients send their own
 * lists' names ("United States" for the list's "United States of America"). 400 when unknown.
 */
export function countryOfList(name: string): string {
  if (known.has(name)) return name;
  const code = countries.getAlpha2Code(name, "en");
  const official = code ? countries.getName(code, "en", { select: "official" }) : undefined;
  assertCountry(official ?? name);
  return official!;
}

/** The shipping info kept on the account from the last checkout, if complete. */
export function savedShippingInfo(user: User): ShippingInfo | null {
  const info = {
    address: user.shippingAddress,
    city: user.shippingCity,
    phoneNo: user.shippingPhoneNo,
    postalCode: user.shippingPostalCode,
    country: user.shippingCountry,
  };
  return Object.values(info).every(Boolean) ? (info as ShippingInfo) : null;
}

export function saveShippingInfo(userId: string, info: ShippingInfo) {
  assertCountry(info.country);
  db.update(users)
    .set({
      shippingAddress: info.address,
      shippingCity: info.city,
      shippingPhoneNo: info.phoneNo,
      shippingPostalCode: info.postalCode,
      shippingCountry: info.country,
    })
    .where(eq(users.id, userId))
    .run();
}
