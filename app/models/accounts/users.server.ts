import { and, eq, isNull, sql } from "drizzle-orm";
import { adoptGuestOrders } from "~/models/orders";
import { db, type Queryable, type Tx } from "~/db/client.server";
import { isUniqueViolation, preparedOnce } from "~/db/dialect";
import { commitTogether } from "~/db/commit.server";
import { mailOptOuts, passwordResetTokens, users } from "~/db/schema";
import { config } from "~/config.server";
import { absoluteUrl } from "~/lib/absolute-url";
import type { UserPayload } from "~/lib/api-payloads";
import { DEFAULT_AVATAR_URL } from "~/lib/avatars";
import { PublicError } from "~/lib/public-error";
import type { User } from "~/models/types";
import { markEmailProven, startEmailChange } from "./email-proof.server";
import { queueMail, sendQueued, type QueuedMail } from "~/models/mail";
import { hashPassword, verifyPassword } from "./password.server";
import { endSessions, type SessionsToEnd } from "./sessions.server";

export const PASSWORD_UPDATED = "Password updated successfully";

export type { User } from "~/models/types";

export class AccountError extends PublicError {}

const duplicateEmail = () => new AccountError("This e-mail is already registered", 409, "email");

/** Throws a 409 field error when another account already uses this e-mail. */
export async function assertEmailAvailable(email: string, exceptUserId?: string) {
  const other = await getUserByEmail(email);
  if (other && other.id !== exceptUserId) throw duplicateEmail();
}

/** A user as the API shows it: never the password hash; the avatar's URL absolute. */
export function userJson(user: User): UserPayload {
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    avatar: { url: absoluteUrl(config.publicUrl, user.avatarUrl ?? DEFAULT_AVATAR_URL) },
    role: user.role,
    googleSignIn: user.googleSignIn,
    cartReminders: user.cartReminders,
    emailProven: user.emailProvenAt !== null,
    createdAt: user.createdAt.toISOString(),
  };
}

export async function getUserById(id: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

// Every login and reset request looks an account up by its e-mail.
const userByEmail = preparedOnce((q) =>
  q
    .select()
    .from(users)
    .where(eq(users.email, sql.placeholder("email")))
    .limit(1)
    .prepare(),
);

/** The account with this e-mail (trimmed, any case); through `q` inside a transaction. */
export async function getUserByEmail(email: string, q: Queryable = db): Promise<User | undefined> {
  const [user] = await userByEmail(q).execute({ email: email.trim().toLowerCase() });
  return user;
}

const isDuplicateEmail = (error: unknown) => isUniqueViolation(error, "users.email");

/**
 * The one place accounts are made (password or Google); the new account gets a welcome mail.
 * `within` runs first in the same transaction (e.g. spending a registration link). The e-mail is
 * unproven unless `emailProven` (a link mailed to it was followed) or a Google identity says so.
 */
export async function createUser(
  input: {
    name: string;
    email: string;
    password?: string;
    /** Instead of `password`: its hash, made earlier. */
    passwordHash?: string;
    avatarUrl?: string | null;
    googleId?: string;
    emailProven?: boolean;
  },
  within?: (tx: Tx) => Promise<void>,
): Promise<User> {
  await assertEmailAvailable(input.email);
  const passwordHash = input.passwordHash ?? (input.password ? await hashPassword(input.password) : null);
  const { user, welcome } = await commitTogether(async (tx) => {
    await within?.(tx);
    const user = await insertUser(tx, { ...input, passwordHash });
    return { user, welcome: await queueWelcome(tx, user) };
  });
  void sendQueued(welcome);
  return user;
}

async function insertUser(
  tx: Tx,
  input: {
    name: string;
    email: string;
    passwordHash: string | null;
    avatarUrl?: string | null;
    googleId?: string;
    emailProven?: boolean;
  },
): Promise<User> {
  try {
    const [user] = await tx
      .insert(users)
      .values({
        name: input.name,
        email: input.email,
        passwordHash: input.passwordHash,
        avatarUrl: input.avatarUrl ?? null,
        googleSignIn: Boolean(input.googleId),
        googleId: input.googleId ?? null,
        // Google verified the address it gives.
        emailProvenAt: input.emailProven || input.googleId ? new Date() : null,
      })
      .returning();
    return user;
  } catch (error) {
    if (isDuplicateEmail(error)) throw duplicateEmail();
    throw error;
  }
}

/** The new account's welcome mail, in the mail outbox (inside the transaction that makes the account). */
function queueWelcome(tx: Tx, user: User) {
  return queueMail(tx, {
    key: `welcome:${user.id}`,
    job: { kind: "welcome", user: { email: user.email, googleSignIn: user.googleSignIn } },
  });
}

// Compared against when the e-mail is unknown, so that both failures take the same time.
const DUMMY_HASH = "$2b$10$iayfWfIC7yqaDS8mQItd0uAzXrNyc5K.gkMT0OV2IIZpOAPHbtJ1G";

/** The user with this e-mail and password, or null: one answer for unknown e-mail and wrong password. */
export async function verifyCredentials(email: string, password: string): Promise<User | null> {
  const user = await getUserByEmail(email);
  const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
  return user?.passwordHash && ok ? user : null;
}

/**
 * Name, e-mail, avatar, cart reminders. A new e-mail takes effect at once but is unproven until a
 * link mailed to it is followed; in the same transaction every outstanding reset or confirmation
 * link is retired, every session but `currentSessionId` ends, the old address is told and the new
 * one gets its link (startEmailChange).
 */
export async function updateProfile(
  userId: string,
  input: { name: string; email: string; avatarUrl?: string; cartReminders?: boolean },
  currentSessionId: string | null,
): Promise<User> {
  await assertEmailAvailable(input.email, userId);
  const { updated, mails } = await commitTogether(async (tx) => {
    try {
      const [before] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
      if (!before) throw new AccountError("User not found", 404);
      const emailChanged = before.email !== input.email;
      const [updated] = await tx
        .update(users)
        .set({
          name: input.name,
          email: input.email,
          ...(emailChanged ? { emailProvenAt: null } : {}),
          ...(input.avatarUrl ? { avatarUrl: input.avatarUrl } : {}),
          ...(input.cartReminders === undefined ? {} : { cartReminders: input.cartReminders }),
        })
        .where(eq(users.id, userId))
        .returning();
      // Asking for cart reminders while signed in takes back an earlier unsubscribe of the address.
      if (input.cartReminders)
        await tx
          .delete(mailOptOuts)
          .where(and(eq(mailOptOuts.email, updated.email), eq(mailOptOuts.kind, "cartReminder")));
      const mails: (QueuedMail | null)[] = emailChanged
        ? await startEmailChange(tx, {
            userId,
            oldEmail: before.email,
            newEmail: updated.email,
            keepSession: currentSessionId,
          })
        : [];
      return { updated, mails };
    } catch (error) {
      if (isDuplicateEmail(error)) throw duplicateEmail();
      throw error;
    }
  });
  for (const mail of mails) void sendQueued(mail);
  return updated;
}

/**
 * Stores a new password hash, retires every reset link still outstanding for the account, and
 * ends the sessions `sessionsToEnd` names, all in the caller's transaction.
 */
export async function storePasswordHash(
  tx: Tx,
  userId: string,
  passwordHash: string,
  sessionsToEnd: SessionsToEnd,
  now = new Date(),
) {
  const [updated] = await tx
    .update(users)
    .set({ passwordHash })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  if (!updated) throw new AccountError("User not found", 404);
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
  await endSessions(tx, userId, sessionsToEnd);
}

/**
 * Checks the current password and sets the new one; with `logoutOtherDevices` every session but
 * the caller's own (`currentSessionId`) ends, and with it their API tokens.
 */
export async function changePassword(
  user: User,
  input: { currentPassword: string; newPassword: string; logoutOtherDevices: boolean },
  currentSessionId: string,
): Promise<void> {
  if (user.googleSignIn || !user.passwordHash)
    throw new AccountError("Accounts that sign in with Google have no password to change", 403);
  if (!(await verifyPassword(input.currentPassword, user.passwordHash)))
    throw new AccountError("Old password is incorrect", 400, "currentPassword");
  const passwordHash = await hashPassword(input.newPassword);
  const sessionsToEnd = input.logoutOtherDevices ? { allBut: currentSessionId } : "none";
  await commitTogether((tx) => storePasswordHash(tx, user.id, passwordHash, sessionsToEnd));
}

/**
 * The account for a verified Google identity: the one already linked to it, else the one with the
 * same e-mail (now linked), else a new account marked googleSignIn. Looked up and written in one
 * transaction, so that two first sign-ins at once (on two workers) find or make the same account.
 */
export async function findOrCreateGoogleUser(identity: {
  googleId: string;
  email: string;
  name: string;
}): Promise<User> {
  const linkedTo = async (q: Queryable) =>
    (await q.select().from(users).where(eq(users.googleId, identity.googleId)).limit(1))[0];
  // Every sign-in after the first: a read, no write transaction.
  const linked = await linkedTo(db);
  if (linked) return withGuestOrders(linked, identity.email);
  const found = await commitTogether(async (tx) => {
    const linkedMeanwhile = await linkedTo(tx);
    if (linkedMeanwhile) return { user: linkedMeanwhile, created: false };
    const existing = await getUserByEmail(identity.email, tx);
    if (existing) {
      const [user] = await tx
        .update(users)
        .set({ googleId: identity.googleId })
        .where(eq(users.id, existing.id))
        .returning();
      return { user, created: false };
    }
    const name = identity.name.trim().slice(0, 30) || identity.email.split("@")[0].slice(0, 30);
    const user = await insertUser(tx, {
      name,
      email: identity.email.trim().toLowerCase(),
      googleId: identity.googleId,
      passwordHash: null,
    });
    return { user, created: true, welcome: await queueWelcome(tx, user) };
  });
  if (found.created) void sendQueued(found.welcome ?? null);
  return withGuestOrders(found.user, identity.email);
}

/**
 * Google proved the address: when it is the account's, the account's e-mail is proven (if it was
 * not yet) and the guest orders bought with it join the account.
 */
async function withGuestOrders(user: User, verifiedEmail: string): Promise<User> {
  if (user.email !== verifiedEmail.trim().toLowerCase()) return user;
  let proven = user;
  if (!user.emailProvenAt) {
    const now = new Date();
    if (await commitTogether((tx) => markEmailProven(tx, user.id, user.email, now)))
      proven = { ...user, emailProvenAt: now };
  }
  await adoptGuestOrders(user.id, user.email);
  return proven;
}
