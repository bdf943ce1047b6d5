import { createCookie, createCookieSessionStorage } from "@remix-run/node";
import { config, sessionSecret } from "~/config.server";

const secure = config.publicUrl.startsWith("https://");
const secrets = [sessionSecret()];

// Named shop_session: oidc-provider (the Google stand-in in tests) uses `_session` itself.
// `sessionKey` names a server-side session (app/models/sessions.server.ts); remix-auth's Google
// strategy keeps its `oauth2:state` here while a visitor is away at Google.
export const SESSION_COOKIE = "shop_session";

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

export const TOAST_COOKIE = "shop_toast";

export const toastSessionStorage = createCookieSessionStorage({
  cookie: { name: TOAST_COOKIE, httpOnly: true, sameSite: "lax", path: "/", secure, secrets },
});

export const cartCookie = createCookie("shop_cart", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secure,
  secrets,
  maxAge: 60 * 60 * 24 * 60,
});
