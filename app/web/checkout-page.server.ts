import { redirect } from "@remix-run/node";
import { getOptionalUser } from "~/web/auth.server";
import { visitorCartId } from "~/web/cart-cookie.server";
import { loadCart } from "~/models/cart";
import { guestBuyer, userBuyer, type Buyer } from "~/models/checkout";
import { quoteForBuyer } from "~/models/pricing";
import { PublicError } from "~/lib/public-error";
import type { User } from "~/models/accounts";
import { redirectWithError } from "~/web/toast.server";

/**
 * Who checks out with this request: the signed-in user, else a guest by the visitor cart their
 * cookie names (null when they have none).
 */
export async function checkoutBuyer(request: Request): Promise<{ user: User | null; buyer: Buyer | null }> {
  const user = await getOptionalUser(request);
  if (user) return { user, buyer: userBuyer(user) };
  const cartId = await visitorCartId(request);
  return { user: null, buyer: cartId ? await guestBuyer(cartId) : null };
}

/**
 * What every checkout step needs: a buyer (signed in, or a guest) and a cart that is not empty
 * (prices from the database).
 */
export async function loadCheckout(request: Request) {
  const { user, buyer } = await checkoutBuyer(request);
  if (!buyer) throw redirect("/cart");
  const { lines, notices } = await loadCart(buyer.cart);
  if (lines.length === 0) throw redirect("/cart");
  return { user, buyer, lines, notices, shipping: buyer.shipping };
}

/**
 * The steps past shipping: loadCheckout with the shipping info (and a guest's e-mail), and the
 * order priced to it by the shop's rules. An address the shop no longer ships to goes back to the
 * shipping step, which says why.
 */
export async function loadPricedCheckout(request: Request) {
  const { user, buyer, lines, notices, shipping } = await loadCheckout(request);
  if (!shipping || !buyer.email) throw redirect("/shipping");
  try {
    const quote = await quoteForBuyer(buyer, lines, shipping);
    return { user, buyer, lines, notices, shipping, quote };
  } catch (error) {
    if (error instanceof PublicError) throw await redirectWithError("/shipping", error.message);
    throw error;
  }
}
