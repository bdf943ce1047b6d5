import crypto from "node:crypto";
import { sessionSecret } from "~/config.server";

// Links that work without signing in (a guest's order, unsubscribing, confirming a back-in-stock
// request) carry an HMAC of what they name with the shop's secret: every node can check one without
// storing it, and nobody can make one for another order or address. The purpose is signed with the
// value, so that a signature made for one kind of link is not one for another.

/** The signature of `value` for `purpose` (base64url; its first `length` characters when given). */
export function sign(purpose: string, value: string, length?: number): string {
  const mac = crypto.createHmac("sha256", sessionSecret()).update(`${purpose}:${value}`).digest("base64url");
  return length === undefined ? mac : mac.slice(0, length);
}

/** Whether `signature` is sign(purpose, value, length), compared in constant time. */
export function verify(purpose: string, value: string, signature: string | null | undefined, length?: number): boolean {
  if (!signature) return false;
  const expected = Buffer.from(sign(purpose, value, length));
  const given = Buffer.from(signature);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
