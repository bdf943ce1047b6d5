import { redirect } from "@remix-run/node";
import { LOGIN_TO_ORDER, requireUser } from "~/web/auth.server";
import { loadCart, userCart } from "~/models/cart.server";
import { quoteForBuyer } from "~/models/pricing.server";
import { savedShippingInfo } from "~/models/shipping.server";
import { PublicError } from "~/lib/public-error";
import { redirectWithError } from "~/web/toast.server";

/**
 * What every checkout step needs: a signed-in buyer ("Please log in to check out." otherwise) and a
 * cart that is not empty (prices from the database).
 */
export async function loadCheckout(request: Request) {
  const user = await requireUser(request, LOGIN_TO_ORDER);
  const { lines, notices } = await loadCart(userCart(user.id));
  if (lines.length === 0) throw redirect("/cart");
  return { user, lines, notices, shipping: savedShippingInfo(user) };
}

/**
 * The steps past shipping: loadCheckout with the shipping info, and the order priced to it by the
 * shop's rules. An address the shop no longer ships to goes back to the shipping step, which says why.
 */
export async function loadPricedCheckout(request: Request) {
  const { user, lines, notices, shipping } = await loadCheckout(request);
  if (!shipping) throw redirect("/shipping");
  try {
    const quote = await quoteForBuyer(user, lines, shipping);
    return { user, lines, notices, shipping, quote };
  } catch (error) {
    if (error instanceof PublicError) throw await redirectWithError("/shipping", error.message);
    throw error;
  }
}
