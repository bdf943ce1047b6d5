import { redirect } from "@remix-run/node";
import { priceOrder } from "~/lib/pricing";
import { LOGIN_TO_ORDER, requireUser } from "~/web/auth.server";
import { loadCart, userCart } from "~/models/cart.server";
import { savedShippingInfo } from "~/models/shipping.server";

/**
 * What every checkout step needs: a signed-in buyer ("Please log in to check out." otherwise), a cart
 * that is not empty, and, past the first step, the shipping info. Prices come from the database.
 */
export async function loadCheckout(request: Request, { needShipping }: { needShipping: boolean }) {
  const user = await requireUser(request, LOGIN_TO_ORDER);
  const { lines, notices } = await loadCart(userCart(user.id));
  if (lines.length === 0) throw redirect("/cart");
  const shipping = savedShippingInfo(user);
  if (needShipping && !shipping) throw redirect("/shipping");
  return { user, lines, notices, shipping, prices: priceOrder(lines) };
}
