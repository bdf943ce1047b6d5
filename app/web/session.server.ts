import { createCookie, createCookieSessionStorage } from "@remix-run/node";
import { config, sessionSecret } from "~/config.server";
import { CART_COOKIE, DEVICE_COOKIE, SESSION_COOKIE, TOAST_COOKIE } from "~/web/cookie-names";

const secure = config.publicUrl.startsWith("https://");
const secrets = [sessionSecret()];

// `sessionKey` names a server-side session (app/models/accounts/sessions.server.ts); remix-auth's Google
// strategy keeps its `oauth2:state` here while a visitor is away at Google.
export const sessionStorage = createCookieSessionStorage<{ sessionKey: string; "oauth2:state": string }>({
  cookie: {
    name: SESSION_COOKIE,
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure,
    secrets,
    maxAge: 60 * 60 * 24 * 30,
  },
});

export const toastSessionStorage = createCookieSessionStorage({
  cookie: { name: TOAST_COOKIE, httpOnly: true, sameSite: "lax", path: "/", secure, secrets },
});

export const cartCookie = createCookie(CART_COOKIE, {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secure,
  secrets,
  maxAge: 60 * 60 * 24 * 60,
});

// Signed (an HMAC with the session secret) so that nobody can make one for an account they never
// signed in to; sent to every path, as both the login page and the API's login read it.
export const deviceCookie = createCookie(DEVICE_COOKIE, {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secure,
  secrets,
  maxAge: 60 * 60 * 24 * 365,
});
