import { and, eq, isNull, lt } from "drizzle-orm";
import { adoptGuestOrders } from "~/models/orders";
import { config } from "~/config.server";
import { db } from "~/db/client.server";
import { rowsAffected } from "~/db/dialect";
import { commitTogether } from "~/db/commit.server";
import { pendingRegistrations } from "~/db/schema";
import { afterTheAnswer, limitRegistrationRequest, hashSecret, newSecret } from "~/models/platform";
import { deleteImage, saveImage, type ImageUpload } from "~/models/uploads";
import { sendMail, finishRegistrationMail, registrationAttemptMail } from "~/models/mail";
import { hashPassword } from "./password.server";
import { AccountError, createUser, getUserByEmail, type User } from "./users.server";

// Registration from the page, answered the same whether or not the e-mail has an account (so that
// nobody can use it to find out who has one): the account is made only when the link mailed to the
// address is used, and the owner of an address that has one is told instead. The API's registration
// (the specification's client signs in at once) stays in accounts.server.ts.

export const REGISTRATION_TTL_MS = 24 * 60 * 60 * 1000;

/** The answer to every registration from the page. */
export const registrationRequestedMessage = (email: string) =>
  `Check your inbox: we have sent a link to ${email} to finish registering.`;

type Registration = { name: string; email: string; password: string; avatar: ImageUpload | null; ip: string };

/**
 * Counts the request against the client's IP and the e-mail (429 past the limits) and stores the
 * avatar (refusing what is not an image), whatever the e-mail. Everything that depends on the
 * account (looking it up, the password hash, the pending registration, the mail) runs after this
 * returns, so the answer takes as long either way; `delivery` settles when it is done.
 */
export async function requestRegistration(input: Registration, now = new Date()): Promise<{ delivery: Promise<void> }> {
  const email = input.email.trim().toLowerCase();
  await limitRegistrationRequest(input.ip, email);
  const avatarUrl = input.avatar ? await saveImage(input.avatar, "avatars") : null;
  const pending = { name: input.name, email, password: input.password, avatarUrl };
  return { delivery: afterTheAnswer(`the registration e-mail to ${email}`, () => followUp(pending, now)) };
}

async function followUp(input: { name: string; email: string; password: string; avatarUrl: string | null }, now: Date) {
  const owner = await getUserByEmail(input.email);
  if (owner) {
    await deleteImage(input.avatarUrl);
    await sendMail(await registrationAttemptMail(owner.email));
    return;
  }
  const token = newSecret();
  const passwordHash = await hashPassword(input.password);
  await commitTogether(async (tx) => {
    await tx.insert(pendingRegistrations).values({
      ...input,
      tokenHash: hashSecret(token),
      passwordHash,
      expiresAt: new Date(now.getTime() + REGISTRATION_TTL_MS),
    });
  });
  await sendMail(
    await finishRegistrationMail(
      input.email,
      `${config.publicUrl}/register/confirm/${token}`,
      REGISTRATION_TTL_MS / 3_600_000,
    ),
  );
}

/** Forgets registrations whose link has expired, with the avatars of those never finished (the primary, hourly). */
export async function sweepExpiredRegistrations(now = new Date()): Promise<void> {
  const expired = await db.select().from(pendingRegistrations).where(lt(pendingRegistrations.expiresAt, now));
  if (expired.length === 0) return;
  await commitTogether(async (tx) => {
    await tx.delete(pendingRegistrations).where(lt(pendingRegistrations.expiresAt, now));
  });
  for (const row of expired) if (!row.usedAt) await deleteImage(row.avatarUrl);
}

const invalidLink = () => new AccountError("This registration link is invalid or has already been used.", 400);

async function usableRegistration(token: string, now: Date) {
  const [row] = await db
    .select()
    .from(pendingRegistrations)
    .where(eq(pendingRegistrations.tokenHash, hashSecret(token)))
    .limit(1);
  if (!row || row.usedAt) throw invalidLink();
  if (row.expiresAt.getTime() <= now.getTime())
    throw new AccountError("This registration link has expired. Please register again.", 400);
  return row;
}

/** The e-mail a registration link would register, or why it cannot be used. */
export async function registrationLink(
  token: string,
  now = new Date(),
): Promise<{ email: string; problem: null } | { email: null; problem: string }> {
  try {
    return { email: (await usableRegistration(token, now)).email, problem: null };
  } catch (error) {
    if (error instanceof AccountError) return { email: null, problem: error.message };
    throw error;
  }
}

/**
 * Makes the account of a registration link that is known, unused and unexpired, spending the link
 * in the same transaction (two submissions racing each other cannot both use it).
 */
export async function finishRegistration(token: string, now = new Date()): Promise<User> {
  const row = await usableRegistration(token, now);
  const user = await createUser(
    { name: row.name, email: row.email, passwordHash: row.passwordHash, avatarUrl: row.avatarUrl, emailProven: true },
    async (tx) => {
      const spent = await tx
        .update(pendingRegistrations)
        .set({ usedAt: now })
        .where(and(eq(pendingRegistrations.tokenHash, row.tokenHash), isNull(pendingRegistrations.usedAt)));
      if (rowsAffected(spent) !== 1) throw invalidLink();
    },
  );
  // The link proved the address: what was bought with it as a guest joins the account.
  await adoptGuestOrders(user.id, user.email);
  return user;
}
