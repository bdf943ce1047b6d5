import { createRemoteJWKSet, jwtVerify } from "jose";
import { config } from "~/config.server";
import { AccountError } from "./users.server";

let keys: ReturnType<typeof createRemoteJWKSet> | undefined;

/**
 * Verifies a Google ID token (the `credential` of Google's sign-in button, as the original API
 * took it) against the provider's published keys: signature, issuer, audience and expiry.
 */
export async function verifyGoogleCredential(credential: string) {
  const google = config.google;
  if (!google) throw new AccountError("Google sign-in is not configured on this shop", 400);
  keys ??= createRemoteJWKSet(new URL(google.jwksUrl));
  let payload;
  try {
    ({ payload } = await jwtVerify(credential, keys, { issuer: google.issuers, audience: google.clientId }));
  } catch {
    throw new AccountError("The Google credential is invalid or has expired", 401);
  }
  if (typeof payload.sub !== "string" || typeof payload.email !== "string" || payload.email_verified === false)
    throw new AccountError("Google did not share a verified e-mail address", 401);
  return {
    googleId: payload.sub,
    email: payload.email.toLowerCase(),
    name: typeof payload.name === "string" ? payload.name : "",
  };
}
