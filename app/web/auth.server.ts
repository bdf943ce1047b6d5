import { redirect } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { config } from "~/config.server";
import { apiError } from "~/web/api.server";
import { cookieInHeader, SESSION_COOKIE } from "~/web/cookie-names";
import { sessionStorage } from "~/web/session.server";
import { redirectWithError, redirectWithSuccess } from "~/web/toast.server";
import { issueApiToken, readApiToken } from "~/web/api-token.server";
import { deviceLabel, plainIp } from "~/web/device-label.server";
import { deviceOf, issueDeviceCookie } from "~/web/device-cookie.server";
import { adoptVisitorCart } from "~/models/cart";
import { visitorCartId } from "~/web/cart-cookie.server";
import { ConfigurableGoogleStrategy } from "~/web/google-strategy.server";
import {
  loginWithPassword,
  createSession,
  endSession,
  findSession,
  type SignedIn,
  AccountError,
  findOrCreateGoogleUser,
  type User,
} from "~/models/accounts";
import { isAdmin } from "~/lib/roles";
import { safeRedirect } from "~/web/safe-redirect.server";

export const LOGIN_REQUIRED = "Please log in to see this page.";
export const ADMIN_REQUIRED = "That page is for admins only.";

// remix-auth runs the strategies; the shop keeps its own session field (the server-side session's secret).
export const authenticator = new Authenticator<User>(sessionStorage, { throwOnError: true });

authenticator.use(
  // The login page passes the client's IP as the context, for the login limits.
  new FormStrategy(async ({ form, context, request }) =>
    loginWithPassword({
      email: String(form.get("email") ?? ""),
      password: String(form.get("password") ?? ""),
      ip: String(context?.clientIp ?? "unknown"),
      device: await deviceOf(request),
    }),
  ),
  "form",
);

if (config.google) {
  authenticator.use(
    new ConfigurableGoogleStrategy(config.google, async ({ profile }) => {
      const email = profile._json.email;
      if (!email || profile._json.email_verified === false)
        throw new AccountError("Google did not share a verified e-mail address", 401);
      return findOrCreateGoogleUser({ googleId: profile.id, email, name: profile.displayName ?? "" });
    }),
    "google",
  );
}

function bearerToken(request: Request): string | null {
  const header = request.headers.get("Authorization");
  return header?.startsWith("Bearer ") ? header.slice("Bearer ".length).trim() : null;
}

const cookieSessionOf = (request: Request) => sessionStorage.getSession(request.headers.get("Cookie"));

async function signInFromToken(request: Request): Promise<SignedIn | null> {
  const token = bearerToken(request);
  const claims = token ? await readApiToken(token) : null;
  const found = claims ? await findSession(claims.sessionKey) : null;
  return found && found.user.id === claims?.userId ? found : null;
}

// The session key named by each session cookie value seen lately: the cookie's signature (an HMAC)
// is checked and its value parsed once per value, not on every request. A value names the same key
// for as long as the secret is the same; whether that session still holds is read every time.
const SESSION_COOKIE_VALUE = cookieInHeader(SESSION_COOKIE);
const MAX_KEPT_COOKIES = 10_000;
const keyOfCookie = new Map<string, string | null>();

async function sessionKeyOf(request: Request): Promise<string | null> {
  const value = request.headers.get("Cookie")?.match(SESSION_COOKIE_VALUE)?.[1];
  if (!value) return null;
  let key = keyOfCookie.get(value);
  if (key === undefined) {
    key = (await sessionStorage.getSession(`${SESSION_COOKIE}=${value}`)).get("sessionKey") ?? null;
    if (keyOfCookie.size >= MAX_KEPT_COOKIES) keyOfCookie.clear();
    keyOfCookie.set(value, key);
  }
  return key;
}

async function signInFromCookie(request: Request): Promise<SignedIn | null> {
  const key = await sessionKeyOf(request);
  return key ? findSession(key) : null;
}

// The root loader and the route's guard ask for the same request's sign-in: look it up once.
// Signing in or out in the request forgets it (startUserSession, endCurrentSession).
const signInOf = new WeakMap<Request, Promise<SignedIn | null>>();

/** The user and session named by the API bearer token, or else by the session cookie; null when ended. */
export function getSignIn(request: Request): Promise<SignedIn | null> {
  let signIn = signInOf.get(request);
  if (!signIn) {
    signIn = bearerToken(request) ? signInFromToken(request) : signInFromCookie(request);
    signInOf.set(request, signIn);
  }
  return signIn;
}

/** The signed-in user, or null. */
export async function getOptionalUser(request: Request): Promise<User | null> {
  return (await getSignIn(request))?.user ?? null;
}

function currentPath(request: Request) {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/**
 * Pages that need an account: a visitor is sent to /lgn, and back here after logging in. A cookie
 * whose session has ended is dropped on the way (the page cache serves visitors without one).
 */
export async function requireSignIn(request: Request, message = LOGIN_REQUIRED): Promise<SignedIn> {
  const signIn = await getSignIn(request);
  if (signIn) return signIn;
  const cookieSession = await cookieSessionOf(request);
  const headers: HeadersInit = cookieSession.has("sessionKey")
    ? { "Set-Cookie": await sessionStorage.destroySession(cookieSession) }
    : {};
  throw await redirectWithError(`/lgn?redirectTo=${encodeURIComponent(currentPath(request))}`, message, { headers });
}

export async function requireUser(request: Request, message = LOGIN_REQUIRED): Promise<User> {
  return (await requireSignIn(request, message)).user;
}

/** Admin pages: visitors go to /lgn, signed-in non-admins to /. */
export async function requireAdmin(request: Request): Promise<User> {
  const user = await requireUser(request);
  if (!isAdmin(user)) throw await redirectWithError("/", ADMIN_REQUIRED);
  return user;
}

/** API calls that need an account: 401 in the API's shape. */
export async function requireApiSignIn(request: Request): Promise<SignedIn> {
  const signIn = await getSignIn(request);
  if (!signIn) throw apiError(401, "Login first to access this resource.");
  return signIn;
}

export async function requireApiUser(request: Request): Promise<User> {
  return (await requireApiSignIn(request)).user;
}

/**
 * API calls a guest may make too (the guest checkout, an order by its link's key): the signed-in
 * user, or null when the request carries no credentials. Credentials that no longer sign in (an
 * ended session, a bad token) are a 401, as for requireApiUser: never silently a guest.
 */
export async function getOptionalApiUser(request: Request): Promise<User | null> {
  const signIn = await getSignIn(request);
  if (signIn) return signIn.user;
  if (bearerToken(request) || (await sessionKeyOf(request)))
    throw apiError(401, "Login first to access this resource.");
  return null;
}

export async function requireApiAdmin(request: Request): Promise<User> {
  const user = await requireApiUser(request);
  if (!isAdmin(user)) throw apiError(403, `Role (${user.role}) is not allowed to access this resource`);
  return user;
}

export type StartedSession = {
  /** The Set-Cookie header that signs this browser in. */
  cookie: string;
  /** The Set-Cookie header of a new device cookie for the account (app/web/device-cookie.server.ts). */
  deviceCookie: string;
  /** A bearer token for the same session (API answers). */
  token(): Promise<string>;
};

/**
 * Starts a server-side session for the user, from this client (device and IP are shown on the
 * profile page). Every sign-in gets a new secret, and the session the client had before ends.
 * The visitor's cart, if any, joins the account's cart.
 */
export async function startUserSession(request: Request, user: Pick<User, "id">, ip: string): Promise<StartedSession> {
  await adoptVisitorCart(await visitorCartId(request), user.id);
  const previous = await getSignIn(request);
  if (previous) await endSession(previous.user.id, previous.session.id);
  signInOf.delete(request);
  const { key, session } = await createSession({
    userId: user.id,
    device: deviceLabel(request.headers.get("User-Agent")),
    ip: plainIp(ip),
  });
  const cookieSession = await cookieSessionOf(request);
  cookieSession.unset("oauth2:state");
  cookieSession.set("sessionKey", key);
  return {
    cookie: await sessionStorage.commitSession(cookieSession),
    deviceCookie: await issueDeviceCookie(user.id),
    token: () => issueApiToken({ userId: user.id, sessionKey: key }, session.expiresAt),
  };
}

/** The headers of an answer that signs in: the session cookie and the device cookie. */
export function signedInHeaders(started: StartedSession): Headers {
  const headers = new Headers();
  headers.append("Set-Cookie", started.cookie);
  headers.append("Set-Cookie", started.deviceCookie);
  return headers;
}

/**
 * Signs the user in and redirects to `redirectTo` if it is a page of this site (else home), with an
 * optional toast. The destination is settled first: nothing after the sign-in can fail on it.
 */
export async function signInAndRedirect(
  request: Request,
  ip: string,
  user: Pick<User, "id">,
  redirectTo: FormDataEntryValue | string | null,
  message?: string,
): Promise<Response> {
  const to = safeRedirect(redirectTo);
  const headers = signedInHeaders(await startUserSession(request, user, ip));
  return message ? redirectWithSuccess(to, message, { headers }) : redirect(to, { headers });
}

export const LOGGED_OUT = "Logged out successfully.";

/** Logout: ends the session of the bearer token and of the cookie; the header clears the cookie. */
export async function endCurrentSession(request: Request): Promise<string> {
  for (const signIn of [await signInFromToken(request), await signInFromCookie(request)]) {
    if (signIn) await endSession(signIn.user.id, signIn.session.id);
  }
  signInOf.delete(request);
  return sessionStorage.destroySession(await cookieSessionOf(request));
}

/** The pages' logout: the session ends, and the browser goes home with the spec's toast. */
export async function logoutAndRedirect(request: Request): Promise<Response> {
  return redirectWithSuccess("/", LOGGED_OUT, { headers: { "Set-Cookie": await endCurrentSession(request) } });
}
