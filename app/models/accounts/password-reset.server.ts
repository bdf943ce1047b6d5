import { and, eq, isNull } from "drizzle-orm";
import { adoptGuestOrders } from "~/models/orders";
import { config } from "~/config.server";
import { db, type Queryable } from "~/db/client.server";
import { rowsAffected } from "~/db/dialect";
import { commitTogether } from "~/db/commit.server";
import { passwordResetTokens, users } from "~/db/schema";
import { afterTheAnswer, limitResetRequest, hashSecret, newSecret } from "~/models/platform";
import { sendMail, passwordResetMail } from "~/models/mail";
import { markEmailProven } from "./email-proof.server";
import { hashPassword } from "./password.server";
import { AccountError, getUserByEmail, storePasswordHash, type User } from "./users.server";

export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;

/** The answer to every reset request, whether or not the e-mail has an account. */
export const resetRequestedMessage = (email: string) =>
  `If an account exists for ${email}, we have sent it an e-mail with a link to reset the password.`;

/**
 * A new random token for the user, valid for 30 minutes, naming the address it is mailed to (the
 * account's): only its hash is stored.
 */
export async function createResetToken(user: Pick<User, "id" | "email">, now = new Date()): Promise<string> {
  const token = newSecret();
  await commitTogether(async (tx) => {
    await tx.insert(passwordResetTokens).values({
      tokenHash: hashSecret(token),
      userId: user.id,
      email: user.email,
      expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
    });
  });
  return token;
}

async function mailResetLink(email: string, now: Date): Promise<void> {
  const user = await getUserByEmail(email);
  // Google accounts have no password; they get no mail, and the caller answered the same.
  if (!user || user.googleSignIn) return;
  const link = `${config.publicUrl}/password/reset/${await createResetToken(user, now)}`;
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

// A link works only while the account still has the address it was mailed to (links made before
// they named one have none, and no longer work).
async function usableToken(token: string, now: Date, q: Queryable = db) {
  const [row] = await q
    .select({ token: passwordResetTokens, accountEmail: users.email })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(eq(passwordResetTokens.tokenHash, hashSecret(token)))
    .limit(1);
  if (!row || row.token.usedAt || row.token.email !== row.accountEmail) throw invalidLink();
  if (row.token.expiresAt.getTime() <= now.getTime())
    throw new AccountError("This password reset link has expired. Please ask for a new one.", 400);
  return row.token;
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
 * Sets the new password if the token is known, unused, unexpired and its address still the
 * account's. In one transaction: the token is spent, every other outstanding link of the account is
 * retired, every session of the account ends (whoever asked for a reset may have lost the password
 * to someone else; the "Log me out of other devices" box is always honoured, ticked or not), and the
 * address is proven.
 */
export async function resetPassword(
  token: string,
  input: { password: string; logoutOtherDevices: boolean },
  now = new Date(),
): Promise<void> {
  await usableToken(token, now);
  const passwordHash = await hashPassword(input.password);
  const proof = await commitTogether(async (tx) => {
    const row = await usableToken(token, now, tx);
    // Spent only if still unused, so that two submissions racing each other cannot both use it.
    const spent = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.tokenHash, row.tokenHash), isNull(passwordResetTokens.usedAt)));
    if (rowsAffected(spent) !== 1) throw invalidLink();
    await storePasswordHash(tx, row.userId, passwordHash, "all", now);
    await markEmailProven(tx, row.userId, row.email, now);
    return row;
  });
  // The link proved the address it was mailed to: what was bought with it as a guest joins the account.
  await adoptGuestOrders(proof.userId, proof.email);
}
