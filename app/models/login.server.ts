import { verifyGoogleCredential } from "./google-id-token.server";
import { clearFailedLogins, limitAttempt, recordFailedLogin } from "./rate-limit.server";
import { AccountError, findOrCreateGoogleUser, verifyCredentials, type User } from "./users.server";

export const INVALID_LOGIN = "Invalid Email or Password";

/**
 * E-mail and password login for the login page and the API: one message for every failure.
 * Counts the attempt against the client's IP and refuses an e-mail with too many recent failures
 * (429) before the password is even checked.
 */
export async function loginWithPassword({ email, password, ip }: { email: string; password: string; ip: string }): Promise<User> {
  const normalized = email.trim().toLowerCase();
  await limitAttempt("login", ip, normalized);
  const user = await verifyCredentials(normalized, password);
  if (!user) {
    await recordFailedLogin(normalized);
    throw new AccountError(INVALID_LOGIN, 401);
  }
  await clearFailedLogins(normalized);
  return user;
}

/** Login with a Google ID token (the API's `credential`), counted against the client's IP. */
export async function loginWithGoogleCredential({ credential, ip }: { credential: string; ip: string }): Promise<User> {
  await limitAttempt("login", ip);
  return findOrCreateGoogleUser(await verifyGoogleCredential(credential));
}
