import crypto from "node:crypto";
import type { TrustedDevice } from "~/models/accounts";
import { deviceCookie } from "~/web/session.server";

// OWASP's "Slow Down Online Guessing Attacks with Device Cookies": a browser that signed in to an
// account gets a cookie naming that account and a random nonce, signed with the session secret.
// Its later logins to that account are not slowed down by failures from elsewhere
// (app/models/platform/rate-limit.server.ts counts its own failures against its nonce instead).

const isDevice = (value: unknown): value is TrustedDevice =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as TrustedDevice).userId === "string" &&
  typeof (value as TrustedDevice).nonce === "string";

/** The device named by the request's device cookie, if its signature holds; null otherwise. */
export async function deviceOf(request: Request): Promise<TrustedDevice | null> {
  const value: unknown = await deviceCookie.parse(request.headers.get("Cookie"));
  return isDevice(value) ? value : null;
}

/** A Set-Cookie header naming the account, with a new nonce (a new cookie at every sign-in). */
export function issueDeviceCookie(userId: string): Promise<string> {
  return deviceCookie.serialize({
    userId,
    nonce: crypto.randomBytes(16).toString("base64url"),
  } satisfies TrustedDevice);
}
