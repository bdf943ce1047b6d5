import crypto from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { config } from "~/config.server";
import { db } from "~/db/client.server";
import { passwordResetTokens } from "~/db/schema";
import { sendMail } from "./email.server";
import { limitAttempt } from "./rate-limit.server";
import { AccountError, getUserByEmail, setPassword } from "./users.server";

export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;

/** The answer to every reset request, whether or not the e-mail has an account. */
export const resetRequestedMessage = (email: string) =>
  `If an account exists for ${email}, we have sent it an e-mail with a link to reset the password.`;

const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/** A new random token for the user, valid for 30 minutes; only its hash is stored. */
export function createResetToken(userId: string, now = new Date()): string {
  const token = crypto.randomBytes(32).toString("hex");
  db.insert(passwordResetTokens)
    .values({ tokenHash: hashToken(token), userId, expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS) })
    .run();
  return token;
}

/**
 * Mails a single-use reset link valid for 30 minutes. Every request counts against the client's IP
 * and the e-mail (429 past the limits), whether or not the e-mail has an account.
 */
export async function requestPasswordReset({ email, ip }: { email: string; ip: string }, now = new Date()): Promise<void> {
  await limitAttempt("password-reset", ip, email);
  const user = getUserByEmail(email);
  // Google accounts have no password; they get no mail, and the caller answers the same.
  if (!user || user.googleSignIn) return;
  const token = createResetToken(user.id, now);
  const link = `${config.publicUrl}/password/reset/${token}`;
  try {
    await sendMail({
      to: user.email,
      subject: `${config.shopName} password recovery`,
      text:
        `Hello ${user.name},\n\nYour password reset link is:\n\n${link}\n\n` +
        `It works once, for 30 minutes. If you did not ask for it, ignore this e-mail.\n`,
    });
  } catch (error) {
    // Answer as usual (no hint whether the account exists); the self-hoster sees the failure here.
    console.error(`Could not send the password reset e-mail to ${user.email}:`, error);
  }
}

const invalidLink = () => new AccountError("This password reset link is invalid or has already been used.", 400);

function usableToken(token: string, now: Date) {
  const row = db.select().from(passwordResetTokens).where(eq(passwordResetTokens.tokenHash, hashToken(token))).get();
  if (!row || row.usedAt) throw invalidLink();
  if (row.expiresAt.getTime() <= now.getTime())
    throw new AccountError("This password reset link has expired. Please ask for a new one.", 400);
  return row;
}

/** Why a reset link cannot be used, or null when it can (to show the form or a clear message). */
export function resetTokenProblem(token: string, now = new Date()): string | null {
  try {
    usableToken(token, now);
    return null;
  } catch (error) {
    if (error instanceof AccountError) return error.message;
    throw error;
  }
}

/** Sets the new password if the token is known, unused and unexpired, and spends the token. */
export async function resetPassword(
  token: string,
  input: { password: string; logoutOtherDevices: boolean },
  now = new Date(),
): Promise<void> {
  const row = usableToken(token, now);
  // Spend the token first, so that two submissions racing each other cannot both use it.
  const spent = db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.tokenHash, row.tokenHash), isNull(passwordResetTokens.usedAt)))
    .run();
  if (spent.changes !== 1) throw invalidLink();
  await setPassword(row.userId, input.password, input.logoutOtherDevices);
}
