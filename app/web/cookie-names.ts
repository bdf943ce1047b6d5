// The shop's cookies, by name: set in session.server.ts; a request that carries any of them gets a
// page of its own (the page cache serves only requests without them).

// Named shop_session: oidc-provider (the Google stand-in in tests) uses `_session` itself.
export const SESSION_COOKIE = "shop_session";
export const CART_COOKIE = "shop_cart";
export const TOAST_COOKIE = "shop_toast";
// Names the account this browser last signed in to (app/web/device-cookie.server.ts). Not in
// SHOP_COOKIES: it changes no page, so a visitor who carries it is still served from the page cache.
export const DEVICE_COOKIE = "shop_device";

export const SHOP_COOKIES = [SESSION_COOKIE, CART_COOKIE, TOAST_COOKIE] as const;

/**
 * Finds any of the cookies `names` in a Cookie header, without parsing the rest of it: the first
 * group is the value (still signed, if it is).
 */
export function cookieInHeader(...names: string[]): RegExp {
  return new RegExp(`(?:^|;\\s*)(?:${names.join("|")})=([^;]*)`);
}
