import { redirect } from "@remix-run/node";
import { APPLY_COUPON, couponValidator, REMOVE_COUPON } from "~/lib/discount-schema";
import { setCartCouponCode, type CartRef } from "~/models/cart";
import { orRedirectWithError } from "./errors.server";
import { formFailure } from "./form-response.server";
import { typedValues } from "./validated-form.server";

/**
 * The discount code form's POST (CouponForm), on the page at `path`: the code kept with the cart, or
 * removed, then the page again, which says whether it applies. Null when the form is another one.
 */
export async function couponFormAction(form: FormData, cart: CartRef, path: string) {
  const intent = form.get("intent");
  if (intent === REMOVE_COUPON) {
    await orRedirectWithError(path, () => setCartCouponCode(cart, null));
    return redirect(path);
  }
  if (intent !== APPLY_COUPON) return null;
  const result = await couponValidator.validate(form);
  if (result.error) return formFailure(400, result.error.fieldErrors, typedValues(form));
  await orRedirectWithError(path, () => setCartCouponCode(cart, result.data.couponCode));
  return redirect(path);
}
