import { eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { users } from "~/db/schema";
import { DEFAULT_AVATAR_URL } from "~/lib/avatars";
import { PublicError } from "~/lib/public-error";
import { hashPassword, verifyPassword } from "./password.server";

export const PASSWORD_UPDATED = "Password updated successfully";

export type User = typeof users.$inferSelect;

export class AccountError extends PublicError {}

const duplicateEmail = () => new AccountError("This e-mail is already registered", 409, "email");

/** Throws a 409 field error when another account already uses this e-mail. */
export function assertEmailAvailable(email: string, exceptUserId?: string) {
  const other = getUserByEmail(email);
  if (other && other.id !== exceptUserId) throw duplicateEmail();
}

/** A user as the API shows it: never the password hash nor the session version. */
export function userJson(user: User) {
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    avatar: { url: user.avatarUrl ?? DEFAULT_AVATAR_URL },
    role: user.role,
    googleSignIn: user.googleSignIn,
    createdAt: user.createdAt.toISOString(),
  };
}

export function getUserById(id: string): User | undefined {
  return db.select().from(users).where(eq(users.id, id)).get();
}

export function getUserByEmail(email: string): User | undefined {
  return db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).get();
}

function isUniqueViolation(error: unknown) {
  return error instanceof Error && /UNIQUE constraint failed: users\.email/.test(error.message);
}

export async function createUser(input: {
  name: string;
  email: string;
  password?: string;
  avatarUrl?: string | null;
  googleId?: string;
}): Promise<User> {
  assertEmailAvailable(input.email);
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  try {
    return db
      .insert(users)
      .values({
        name: input.name,
        email: input.email,
        passwordHash,
        avatarUrl: input.avatarUrl ?? null,
        googleSignIn: Boolean(input.googleId),
        googleId: input.googleId ?? null,
      })
      .returning()
      .get();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateEmail();
    throw error;
  }
}

// Compared against when the e-mail is unknown, so that both failures take the same time.
const DUMMY_HASH = "$2b$10$iayfWfIC7yqaDS8mQItd0uAzXrNyc5K.gkMT0OV2IIZpOAPHbtJ1G";

/** The user with this e-mail and password, or null: one answer for unknown e-mail and wrong password. */
export async function verifyCredentials(email: string, password: string): Promise<User | null> {
  const user = getUserByEmail(email);
  const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
  return user?.passwordHash && ok ? user : null;
}

export function updateProfile(userId: string, input: { name: string; email: string; avatarUrl?: string }): User {
  assertEmailAvailable(input.email, userId);
  try {
    const updated = db
      .update(users)
      .set({ name: input.name, email: input.email, ...(input.avatarUrl ? { avatarUrl: input.avatarUrl } : {}) })
      .where(eq(users.id, userId))
      .returning()
      .get();
    if (!updated) throw new AccountError("User not found", 404);
    return updated;
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateEmail();
    throw error;
  }
}

/**
 * Sets a new password; with `logoutOtherDevices` every other session and API token of the user
 * stops working. Returns the session version the caller's own session must carry.
 */
export async function setPassword(userId: string, password: string, logoutOtherDevices: boolean): Promise<number> {
  const passwordHash = await hashPassword(password);
  const updated = db
    .update(users)
    .set({
      passwordHash,
      ...(logoutOtherDevices ? { sessionVersion: sql`${users.sessionVersion} + 1` } : {}),
    })
    .where(eq(users.id, userId))
    .returning({ sessionVersion: users.sessionVersion })
    .get();
  if (!updated) throw new AccountError("User not found", 404);
  return updated.sessionVersion;
}

export async function changePassword(
  user: User,
  input: { currentPassword: string; newPassword: string; logoutOtherDevices: boolean },
): Promise<number> {
  if (user.googleSignIn || !user.passwordHash)
    throw new AccountError("Accounts that sign in with Google have no password to change", 403);
  if (!(await verifyPassword(input.currentPassword, user.passwordHash)))
    throw new AccountError("Old password is incorrect", 400, "currentPassword");
  return setPassword(user.id, input.newPassword, input.logoutOtherDevices);
}

/**
 * The account for a verified Google identity: the one already linked to it, else the one with the
 * same e-mail (now linked), else a new account marked googleSignIn.
 */
export async function findOrCreateGoogleUser(identity: {
  googleId: string;
  email: string;
  name: string;
}): Promise<User> {
  const linked = db.select().from(users).where(eq(users.googleId, identity.googleId)).get();
  if (linked) return linked;
  const existing = getUserByEmail(identity.email);
  if (existing) {
    return db.update(users).set({ googleId: identity.googleId }).where(eq(users.id, existing.id)).returning().get();
  }
  const name = identity.name.trim().slice(0, 30) || identity.email.split("@")[0].slice(0, 30);
  return createUser({ name, email: identity.email.toLowerCase(), googleId: identity.googleId });
}
