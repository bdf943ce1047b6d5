import { eq } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/db/client.server";
import { commitTogether } from "~/db/commit.server";
import { carts } from "~/db/schema";
import type { DiscountLine } from "~/lib/discounts";
import type { GuestShippingInfo } from "~/lib/shipping-schema";
import { userCart } from "~/models/cart";
import { checkShippingChoice, savedShippingInfo } from "~/models/pricing";
import type { Buyer, ShippingOption, User } from "~/models/types";

// Who is checking out: a signed-in user (their cart, their saved address) or a guest (a visitor's
// cart, with the e-mail and address they gave kept on it). The checkout's steps take either.

export type { Buyer } from "~/models/types";
export { buyerOwns } from "~/models/orders";

export const userBuyer = (user: User): Buyer => ({
  userId: user.id,
  cart: userCart(user.id),
  name: user.name,
  email: user.email,
  shipping: savedShippingInfo(user),
  shippingMethodId: user.shippingMethodId,
});

/** A buyer, or a user (who buys as themselves). */
export type BuyerOrUser = Buyer | User;
export const asBuyer = (who: BuyerOrUser): Buyer => ("cart" in who ? who : userBuyer(who));

/** What a guest's cart keeps of their checkout (carts.guest_checkout), as read back. */
const keptCheckout = z.object({
  email: z.string(),
  remindCart: z.boolean().default(false),
  shipping: z
    .object({
      recipientName: z.string(),
      address: z.string(),
      city: z.string(),
      state: z.string().optional(),
      phoneNo: z.string(),
      postalCode: z.string(),
      country: z.string(),
    })
    .nullable()
    .default(null),
  methodId: z.string().nullable().default(null),
});
export type GuestCheckout = z.infer<typeof keptCheckout>;

function parseKept(json: string | null): GuestCheckout | null {
  if (!json) return null;
  try {
    const parsed = keptCheckout.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** What a guest gave at checkout on this cart, or null. */
export async function guestCheckoutOf(cartId: string): Promise<GuestCheckout | null> {
  const [row] = await db.select({ kept: carts.guestCheckout }).from(carts).where(eq(carts.id, cartId));
  return parseKept(row?.kept ?? null);
}

/** The guest checking out with this visitor cart: what they gave so far (no e-mail yet: ""). */
export async function guestBuyer(cartId: string): Promise<Buyer> {
  const kept = await guestCheckoutOf(cartId);
  return {
    userId: null,
    cart: { userId: null, cartId },
    name: kept?.shipping?.recipientName ?? "",
    email: kept?.email ?? "",
    shipping: kept?.shipping ?? null,
    shippingMethodId: kept?.methodId ?? null,
  };
}

/** The guest's shipping form as it starts: what they gave last on this cart. */
export function guestFormDefaults(buyer: Buyer): Partial<GuestShippingInfo> {
  return { ...(buyer.shipping ?? {}), email: buyer.email || undefined };
}

/**
 * Keeps a guest's e-mail, address and method on their cart, once checked as for a user
 * (checkShippingChoice). Returns the method kept.
 */
export async function saveGuestShippingChoice(
  cartId: string,
  lines: DiscountLine[],
  { email, remindCart, ...shipping }: GuestShippingInfo,
  methodId: string | null,
): Promise<ShippingOption> {
  const method = await checkShippingChoice(lines, shipping, methodId);
  const kept: GuestCheckout = { email, remindCart, shipping, methodId: method.id };
  await commitTogether(async (tx) => {
    await tx
      .update(carts)
      .set({ guestCheckout: JSON.stringify(kept), updatedAt: new Date() })
      .where(eq(carts.id, cartId));
  });
  return method;
}
