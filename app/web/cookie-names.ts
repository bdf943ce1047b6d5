// The shop's cookies, by name: set in session.server.ts; a request that carries any of them gets a
// page of its own (the page cache serves only requests without them).

// Named shop_session: oidc-provider (the Google stand-in in tests) uses `_session` itself.
export const SESSION_COOKIE = "shop_session";
export const CART_COOKIE = "shop_cart";
export const TOAST_COOKIE = "shop_toast";

export const SHOP_COOKIES = [SESSION_COOKIE, CART_COOKIE, TOAST_COOKIE] as const;
