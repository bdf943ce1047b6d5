// The cart domain's face (carts and the reminders of carts left behind): other domains and the outer layers
// import only this file; inside the domain, modules import each other.

export { cartRemindersOn, sendCartReminders } from "./cart-reminders.server";
export {
  adoptVisitorCart,
  cartCouponCode,
  CartError,
  cartLineRows,
  cartLinesOf,
  type CartRef,
  emptyCart,
  emptyCartById,
  fitCart,
  getCartCount,
  loadCart,
  lockedCartId,
  NO_VARIANT,
  pricedProductColumns,
  removeCartLine,
  setCartCouponCode,
  setCartLine,
  stepCartLine,
  unchosenVariant,
  userCart,
} from "./cart.server";
