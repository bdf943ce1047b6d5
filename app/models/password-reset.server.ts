import { and, eq, isNull } from "drizzle-orm";
import { adoptGuestOrders } from "./guest-orders.server";
import { config } from "~/config.server";
import { db, type Queryable } from "~/db/client.server";
import { rowsAffected } from "~/db/dialect";
import { commitTogether } from "~/db/commit.server";
import { passwordResetTokens } from "~/db/schema";
import { afterTheAnswer } from "./after-answer.server";
import { sendMail } from "./email.server";
import { passwordResetMail } from "./mail-messages.server";
import { hashPassword } from "./password.server";
import { limitResetRequest } from "./rate-limit.server";
import { hashSecret, newSecret } from "./secret-token.server";
import { AccountError, getUserByEmail, getUserById, storePasswordHash } from "./users.server";

export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;

/** The answer to every reset request, whether or not the e-mail has an account. */
export const resetRequestedMessage = (email: string) =>
  `If an account exists for ${email}, we have sent it an e-mail with a link to reset the password.`;

/** A new random token for the user, valid for 30 minutes; only its hash is stored. */
export async function createResetToken(userId: string, now = new Date()): Promise<string> {
  const token = newSecret();
  await commitTogether(async (tx) => {
    await tx
      .insert(passwordResetTokens)
      .values({ tokenHash: hashSecret(token), userId, expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS) });
  });
  return token;
}

async function mailResetLink(email: string, now: Date): Promise<void> {
  const user = await getUserByEmail(email);
  // Google accounts have no password; they get no mail, and the caller answered the same.
  if (!user || user.googleSignIn) return;
  const link = `${config.publicUrl}/password/reset/${await createResetToken(user.id, now)}`;
  await sendMail(await passwordResetMail(user, link, RESET_TOKEN_TTL_MS / 60_000));
}

/**
 * Mails a single-use reset link valid for 30 minutes. Every request counts against the client's IP
 * and the e-mail (429 past the limits), whether or not the e-mail has an account. Everything that
 * depends on the account (looking it up, the token, the mail) runs after this returns, so the
 * answer takes as long for an unknown e-mail as for a known one; `delivery` settles when it is done.
 */
export async function requestPasswordReset(
  { email, ip }: { email: string; ip: string },
  now = new Date(),
): Promise<{ delivery: Promise<void> }> {
  await limitResetRequest(ip, email);
  return { delivery: afterTheAnswer(`the password reset e-mail to ${email}`, () => mailResetLink(email, now)) };
}

const invalidLink = () => new AccountError("This password reset link is invalid or has already been used.", 400);

async function usableToken(token: string, now: Date, q: Queryable = db) {
  const [row] = await q
    .select()
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.tokenHash, hashSecret(token)))
    .limit(1);
  if (!row || row.usedAt) throw invalidLink();
  if (row.expiresAt.getTime() <= now.getTime())
    throw new AccountError("This password reset link has expired. Please ask for a new one.", 400);
  return row;
}

/** Why a reset link cannot be used, or null when it can (to show the form or a clear message). */
export async function resetTokenProblem(token: string, now = new Date()): Promise<string | null> {
  try {
    await usableToken(token, now);
    return null;
  } catch (error) {
    if (error instanceof AccountError) return error.message;
    throw error;
  }
}

/**
 * Sets the new password if the token is known, unused and unexpired. In one transaction: the token
 * is spent, every other outstanding link of the account is retired, and every session of the
 * account ends (whoever asked for a reset may have lost the password to someone else; the
 * "Log me out of other devices" box is always honoured, ticked or not).
 */
export async function resetPassword(
  token: string,
  input: { password: string; logoutOtherDevices: boolean },
  now = new Date(),
): Promise<void> {
  const { userId } = await usableToken(token, now);
  const passwordHash = await hashPassword(input.password);
  await commitTogether(async (tx) => {
    const row = await usableToken(token, now, tx);
    // Spent only if still unused, so that two submissions racing each other cannot both use it.
    const spent = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.tokenHash, row.tokenHash), isNull(passwordResetTokens.usedAt)));
    if (rowsAffected(spent) !== 1) throw invalidLink();
    await storePasswordHash(tx, row.userId, passwordHash, "all", now);
  });
  // The link proved the address: what was bought with it as a guest joins the account.
  const user = await getUserById(userId);
  if (user) await adoptGuestOrders(user.id, user.email);
}
