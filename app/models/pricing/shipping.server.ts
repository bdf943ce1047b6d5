import { eq } from "drizzle-orm";
import { commitTogether } from "~/db/commit.server";
import { users } from "~/db/schema";
import { COUNTRY_NAMES, officialCountryName } from "~/lib/countries";
import { PublicError } from "~/lib/public-error";
import type { ShippingInfo } from "~/lib/shipping-schema";
import type { DiscountLine } from "~/lib/discounts";
import { quoteOrder, type ShippingOption } from "./pricing.server";
import type { User } from "~/models/types";

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
  const official = officialCountryName(name);
  assertCountry(official ?? name);
  return official!;
}

/**
 * The shipping info kept on the account from the last checkout, if complete. An address saved
 * before recipients were asked for goes to the account's owner.
 */
export function savedShippingInfo(user: User): ShippingInfo | null {
  const required = {
    address: user.shippingAddress,
    city: user.shippingCity,
    phoneNo: user.shippingPhoneNo,
    postalCode: user.shippingPostalCode,
    country: user.shippingCountry,
  };
  if (!Object.values(required).every(Boolean)) return null;
  return {
    ...(required as Omit<ShippingInfo, "recipientName" | "state">),
    recipientName: user.shippingRecipientName || user.name,
    state: user.shippingState || undefined,
  };
}

/** What the shipping form starts with: the saved info, or the buyer as recipient. */
export function shippingFormDefaults(user: User): Partial<ShippingInfo> {
  return savedShippingInfo(user) ?? { recipientName: user.name };
}

/**
 * Saves the buyer's address and shipping method for their cart's lines: 400 on the country when the
 * shop does not ship there; 400 on the method when its zone offers several and none of them was
 * chosen (a zone with one method needs no choice). Returns the method saved.
 */
export async function saveShippingChoice(
  userId: string,
  lines: DiscountLine[],
  info: ShippingInfo,
  methodId: string | null,
): Promise<ShippingOption> {
  const method = await checkShippingChoice(lines, info, methodId);
  await saveShippingInfo(userId, info, method.id);
  return method;
}

/** The method these lines ship by to this address: the one chosen, or the zone's only one (400 otherwise, see above). */
export async function checkShippingChoice(
  lines: DiscountLine[],
  info: ShippingInfo,
  methodId: string | null,
): Promise<ShippingOption> {
  assertCountry(info.country);
  const { method, options } = await quoteOrder(lines, info, { methodId });
  if (options.length > 1 && method.id !== methodId)
    throw new PublicError(`Choose how your order is shipped to ${info.country}`, 400, "shippingMethod");
  return method;
}

export async function saveShippingInfo(userId: string, info: ShippingInfo, methodId: string | null = null) {
  assertCountry(info.country);
  await commitTogether(async (tx) => {
    await tx
      .update(users)
      .set({
        shippingRecipientName: info.recipientName,
        shippingAddress: info.address,
        shippingCity: info.city,
        shippingState: info.state ?? null,
        shippingPhoneNo: info.phoneNo,
        shippingPostalCode: info.postalCode,
        shippingCountry: info.country,
        shippingMethodId: methodId,
      })
      .where(eq(users.id, userId));
  });
}
