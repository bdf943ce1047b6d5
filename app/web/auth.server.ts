import { redirect } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { config } from "~/config.server";
import { apiError } from "~/web/api.server";
import { sessionStorage } from "~/web/session.server";
import { redirectWithError, redirectWithSuccess } from "~/web/toast.server";
import { readApiToken } from "~/web/api-token.server";
import { adoptVisitorCart } from "~/models/cart.server";
import { visitorCartId } from "~/web/cart-cookie.server";
import { ConfigurableGoogleStrategy } from "~/web/google-strategy.server";
import { loginWithPassword } from "~/models/login.server";
import { AccountError, findOrCreateGoogleUser, getUserById, type User } from "~/models/users.server";
import { isAdmin } from "~/lib/roles";

export const LOGIN_REQUIRED = "Login to view the resources";
export const ADMIN_REQUIRED = "You cannot view the resources.";

// remix-auth runs the strategies; the shop keeps its own session fields (user id + version).
export const authenticator = new Authenticator<User>(sessionStorage, { throwOnError: true });

authenticator.use(
  // The login page passes the client's IP as the context, for the login limits.
  new FormStrategy(({ form, context }) =>
    loginWithPassword({
      email: String(form.get("email") ?? ""),
      password: String(form.get("password") ?? ""),
      ip: String(context?.clientIp ?? "unknown"),
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

/** Only paths on this site: no `//host`, no `/\host`, no absolute URLs. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\") || to.length > 2000) return fallback;
  return to;
}

function bearerToken(request: Request): string | null {
  const header = request.headers.get("Authorization");
  return header?.startsWith("Bearer ") ? header.slice("Bearer ".length).trim() : null;
}

/** The signed-in user from the session cookie or an API bearer token, or null. */
export async function getOptionalUser(request: Request): Promise<User | null> {
  const token = bearerToken(request);
  let userId: string | undefined;
  let version: number | undefined;
  if (token) {
    const claims = await readApiToken(token);
    userId = claims?.userId;
    version = claims?.sessionVersion;
  } else {
    const session = await sessionStorage.getSession(request.headers.get("Cookie"));
    userId = session.get("userId");
    version = session.get("sessionVersion");
  }
  if (!userId) return null;
  const user = getUserById(userId);
  // A session from before "log out other devices" (or of a deleted user) no longer counts.
  return user && user.sessionVersion === version ? user : null;
}

function currentPath(request: Request) {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/** Pages that need an account: a visitor is sent to /lgn, and back here after logging in. */
export async function requireUser(request: Request, message = LOGIN_REQUIRED): Promise<User> {
  const user = await getOptionalUser(request);
  if (user) return user;
  throw await redirectWithError(`/lgn?redirectTo=${encodeURIComponent(currentPath(request))}`, message);
}

export const LOGIN_TO_ORDER = "Please Login to order!!!";

/** Admin pages: visitors go to /lgn, signed-in non-admins to /. */
export async function requireAdmin(request: Request): Promise<User> {
  const user = await requireUser(request);
  if (!isAdmin(user)) throw await redirectWithError("/", ADMIN_REQUIRED);
  return user;
}

/** API calls that need an account: 401 in the API's shape. */
export async function requireApiUser(request: Request): Promise<User> {
  const user = await getOptionalUser(request);
  if (!user) throw apiError(401, "Login first to access this resource.");
  return user;
}

export async function requireApiAdmin(request: Request): Promise<User> {
  const user = await requireApiUser(request);
  if (!isAdmin(user)) throw apiError(403, `Role (${user.role}) is not allowed to access this resource`);
  return user;
}

/** Session cookie for this user; the visitor's cart, if any, joins the account's cart. */
export async function commitUserSession(request: Request, user: Pick<User, "id" | "sessionVersion">): Promise<string> {
  await adoptVisitorCart(await visitorCartId(request), user.id);
  const session = await sessionStorage.getSession(request.headers.get("Cookie"));
  session.unset("oauth2:state");
  session.set("userId", user.id);
  session.set("sessionVersion", user.sessionVersion);
  return sessionStorage.commitSession(session);
}

/** Signs the user in and redirects, with an optional toast. */
export async function signInAndRedirect(
  request: Request,
  user: Pick<User, "id" | "sessionVersion">,
  redirectTo: string,
  message?: string,
): Promise<Response> {
  const headers = { "Set-Cookie": await commitUserSession(request, user) };
  return message ? redirectWithSuccess(redirectTo, message, { headers }) : redirect(redirectTo, { headers });
}

export async function destroyUserSession(request: Request): Promise<string> {
  const session = await sessionStorage.getSession(request.headers.get("Cookie"));
  return sessionStorage.destroySession(session);
}
