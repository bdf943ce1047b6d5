import { setTimeout as sleepFor } from "node:timers/promises";
import { verifyGoogleCredential } from "./google-id-token.server";
import { startLoginAttempt } from "~/models/platform";
import { AccountError, findOrCreateGoogleUser, getUserByEmail, verifyCredentials, type User } from "./users.server";

export const INVALID_LOGIN = "Invalid Email or Password";

type Wait = (ms: number) => Promise<unknown>;

/** What a valid device cookie says: the account the browser signed in to, and the cookie's nonce. */
export type TrustedDevice = { userId: string; nonce: string };

/**
 * E-mail and password login for the login page and the API: one message for every failure.
 * An address that failed too often is refused (429) before the password is checked; an account
 * that many addresses failed on is answered only after a wait (`sleep`, replaceable in tests),
 * except to a browser whose device cookie (`device`, already verified) names this very account.
 */
export async function loginWithPassword(
  {
    email,
    password,
    ip,
    device = null,
  }: { email: string; password: string; ip: string; device?: TrustedDevice | null },
  sleep: Wait = sleepFor,
): Promise<User> {
  const normalized = email.trim().toLowerCase();
  const trusted = device !== null && (await getUserByEmail(normalized))?.id === device.userId;
  const attempt = await startLoginAttempt(ip, normalized, trusted ? device.nonce : undefined);
  if (attempt.delayMs > 0) await sleep(attempt.delayMs);
  const user = await verifyCredentials(normalized, password);
  if (!user) throw new AccountError(INVALID_LOGIN, 401);
  await attempt.succeeded();
  return user;
}

/** Login with a Google ID token (the API's `credential`); failures count against the client's IP. */
export async function loginWithGoogleCredential({ credential, ip }: { credential: string; ip: string }): Promise<User> {
  const attempt = await startLoginAttempt(ip);
  const user = await findOrCreateGoogleUser(await verifyGoogleCredential(credential));
  await attempt.succeeded();
  return user;
}
