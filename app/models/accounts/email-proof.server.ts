import { and, eq, isNull } from "drizzle-orm";
import { config } from "~/config.server";
import { db, type Queryable, type Tx } from "~/db/client.server";
import { commitTogether } from "~/db/commit.server";
import { rowsAffected } from "~/db/dialect";
import { emailProofs, passwordResetTokens, users } from "~/db/schema";
import { PublicError } from "~/lib/public-error";
import { adoptGuestOrders } from "~/models/orders";
import { queueMail, sendQueued, type QueuedMail } from "~/models/mail";
import { limitEmailProofRequest, hashSecret, newSecret } from "~/models/platform";
import { endSessions } from "./sessions.server";

// What proves an account's e-mail address is its owner's: a link mailed to that address and
// followed (a registration's, a password reset's, or this module's after an e-mail change), or
// Google's verified address. A link proves only the address it was mailed to, and only while the
// account still has it; only a proven address adopts the guest orders bought with it.

export const EMAIL_PROOF_TTL_MS = 24 * 60 * 60 * 1000;

export const EMAIL_CONFIRMED = "Your e-mail address is confirmed.";
export const emailProofSentMessage = (email: string) =>
  `We have sent a link to ${email}: open it to confirm the address.`;

/**
 * Marks `email` proven for the account, in the caller's transaction, only while the account has
 * it; says whether it did.
 */
export async function markEmailProven(q: Queryable, userId: string, email: string, now = new Date()): Promise<boolean> {
  const marked = await q
    .update(users)
    .set({ emailProvenAt: now })
    .where(and(eq(users.id, userId), eq(users.email, email)));
  return rowsAffected(marked) === 1;
}

/** A new link for the account's address `email`, and its mail, in the outbox of the caller's transaction. */
async function queueProofLink(tx: Tx, userId: string, email: string, now: Date): Promise<QueuedMail | null> {
  const token = newSecret();
  const tokenHash = hashSecret(token);
  await tx
    .insert(emailProofs)
    .values({ tokenHash, userId, email, expiresAt: new Date(now.getTime() + EMAIL_PROOF_TTL_MS), createdAt: now });
  return queueMail(
    tx,
    {
      key: `emailProof:${tokenHash}`,
      job: {
        kind: "emailProof",
        to: email,
        link: `${config.publicUrl}/me/email/confirm/${token}`,
        validHours: EMAIL_PROOF_TTL_MS / 3_600_000,
      },
    },
    { now },
  );
}

/**
 * In the transaction that changes an account's e-mail from `oldEmail` to `newEmail` (the account's
 * row already says `newEmail`, unproven): every reset and confirmation link still outstanding is
 * retired, every session but `keepSession` ends (all of them without one), the old address is told
 * and the new one gets a link to confirm it. Send the mails this returns once committed (sendQueued).
 */
export async function startEmailChange(
  tx: Tx,
  change: { userId: string; oldEmail: string; newEmail: string; keepSession: string | null },
  now = new Date(),
): Promise<(QueuedMail | null)[]> {
  const { userId, oldEmail, newEmail, keepSession } = change;
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
  await tx
    .update(emailProofs)
    .set({ usedAt: now })
    .where(and(eq(emailProofs.userId, userId), isNull(emailProofs.usedAt)));
  await endSessions(tx, userId, keepSession ? { allBut: keepSession } : "all");
  const notice = await queueMail(
    tx,
    { key: `emailChanged:${userId}:${now.getTime()}`, job: { kind: "emailChanged", to: oldEmail, newEmail } },
    { now },
  );
  return [notice, await queueProofLink(tx, userId, newEmail, now)];
}

/**
 * Mails the account another link to confirm its e-mail, when it is unproven. Counted against the
 * client's IP and the address as password resets are (RateLimitError past the limits).
 */
export async function requestEmailProof(
  user: { id: string; email: string; emailProvenAt: Date | null },
  ip: string,
  now = new Date(),
): Promise<void> {
  if (user.emailProvenAt) throw new PublicError("Your e-mail address is already confirmed.", 400);
  await limitEmailProofRequest(ip, user.email);
  const mail = await commitTogether((tx) => queueProofLink(tx, user.id, user.email, now));
  void sendQueued(mail);
}

const invalidLink = () => new PublicError("This confirmation link is invalid or has already been used.", 400);

const otherAccount = () =>
  new PublicError("This confirmation link is for another account: log in to that account to use it.", 403);

/**
 * The link's row while it can prove its address: unused, unexpired, the account's address still,
 * and followed by that account signed in (so that whoever merely reads the mailbox cannot give its
 * guest orders to an account someone else holds).
 */
async function usableProof(token: string, userId: string, now: Date, q: Queryable = db) {
  const [row] = await q
    .select({ proof: emailProofs, accountEmail: users.email })
    .from(emailProofs)
    .innerJoin(users, eq(users.id, emailProofs.userId))
    .where(eq(emailProofs.tokenHash, hashSecret(token)))
    .limit(1);
  if (!row || row.proof.usedAt || row.accountEmail !== row.proof.email) throw invalidLink();
  if (row.proof.userId !== userId) throw otherAccount();
  if (row.proof.expiresAt.getTime() <= now.getTime())
    throw new PublicError("This confirmation link has expired. Please ask for a new one on your profile.", 400);
  return row.proof;
}

/** The address a confirmation link would confirm for the signed-in `userId`, or why it cannot (opening it changes nothing). */
export async function emailProofLink(
  token: string,
  userId: string,
  now = new Date(),
): Promise<{ email: string; problem: null } | { email: null; problem: string }> {
  try {
    return { email: (await usableProof(token, userId, now)).email, problem: null };
  } catch (error) {
    if (error instanceof PublicError) return { email: null, problem: error.message };
    throw error;
  }
}

/**
 * Follows a confirmation link, signed in as `userId`: in one transaction the link is spent (once,
 * however many submissions race), the account's other outstanding confirmation links are retired
 * and the address is marked proven; then the guest orders bought with that address join the account.
 */
export async function confirmEmail(token: string, userId: string, now = new Date()): Promise<{ email: string }> {
  const proof = await commitTogether(async (tx) => {
    const row = await usableProof(token, userId, now, tx);
    const spent = await tx
      .update(emailProofs)
      .set({ usedAt: now })
      .where(and(eq(emailProofs.tokenHash, row.tokenHash), isNull(emailProofs.usedAt)));
    if (rowsAffected(spent) !== 1) throw invalidLink();
    await tx
      .update(emailProofs)
      .set({ usedAt: now })
      .where(and(eq(emailProofs.userId, row.userId), isNull(emailProofs.usedAt)));
    if (!(await markEmailProven(tx, row.userId, row.email, now))) throw invalidLink();
    return row;
  });
  await adoptGuestOrders(proof.userId, proof.email);
  return { email: proof.email };
}
