import { asc, desc, eq, or } from "drizzle-orm";
import { db } from "~/db/client.server";
import { commitTogether } from "~/db/commit.server";
import { reviews, users } from "~/db/schema";
import { containsText } from "~/db/dialect";
import type { UserSort } from "~/lib/admin-sorts";
import { isAdmin, type Role } from "~/lib/roles";
import type { TableQuery } from "~/lib/table-query";
import { selectPage } from "~/db/paging";
import { startEmailChange } from "./email-proof.server";
import { deleteImage } from "~/models/uploads";
import { sendQueued } from "~/models/mail";
import { lockReviewsOf, recomputeProductRatings } from "~/models/catalogue";
import { endSessions } from "./sessions.server";
import { AccountError, assertEmailAvailable, getUserById, type User } from "./users.server";

const notFound = () => new AccountError("User not found", 404);

export function listUsers(): Promise<User[]> {
  return db.select().from(users).orderBy(desc(users.createdAt));
}

/** One page of users for the admin table, searched (id, name, e-mail) and sorted in SQL. */
export function listUsersPage(query: TableQuery<UserSort>) {
  const where = query.q
    ? or(containsText(users.id, query.q), containsText(users.name, query.q), containsText(users.email, query.q))
    : undefined;
  const sorts = { id: users.id, name: users.name, email: users.email, role: users.role, createdAt: users.createdAt };
  return selectPage(
    db.select({ id: users.id, name: users.name, email: users.email, role: users.role }).from(users).$dynamic(),
    { where, sorts, tiebreak: [asc(users.id)] },
    query,
  );
}

export async function getUserForAdmin(id: string): Promise<User> {
  const user = await getUserById(id);
  if (!user) throw notFound();
  return user;
}

/**
 * Name, e-mail and role; an admin cannot take the admin role from themself. A new role ends every
 * session of the account, so that it signs in again with what it may now do; so does a new e-mail,
 * which is unproven until the link mailed to it is followed (startEmailChange).
 */
export async function updateUserByAdmin(
  actor: User,
  id: string,
  input: { name: string; email: string; role: Role },
): Promise<User> {
  const before = await getUserForAdmin(id);
  if (actor.id === id && !isAdmin(input))
    throw new AccountError("You cannot remove the admin role from your own account", 400, "role");
  await assertEmailAvailable(input.email, id);
  const emailChanged = before.email !== input.email;
  const { updated, mails } = await commitTogether(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ ...input, ...(emailChanged ? { emailProvenAt: null } : {}) })
      .where(eq(users.id, id))
      .returning();
    if (before.role !== input.role) await endSessions(tx, id, "all");
    // A new e-mail is unproven, as when its owner changes it; the account's sessions all end.
    const mails = emailChanged
      ? await startEmailChange(tx, { userId: id, oldEmail: before.email, newEmail: input.email, keepSession: null })
      : [];
    return { updated, mails };
  });
  for (const mail of mails) void sendQueued(mail);
  return updated;
}

/**
 * Deletes an account (not one's own): its sessions and reviews go (the foreign keys cascade) and
 * the ratings of the products it reviewed are recomputed in the same transaction; its orders stay,
 * with the buyer's name kept on them.
 */
export async function deleteUserByAdmin(actor: User, id: string): Promise<void> {
  const user = await getUserForAdmin(id);
  if (actor.id === id) throw new AccountError("You cannot delete your own account", 400);
  await commitTogether(async (tx) => {
    const reviewed = await tx.select({ productId: reviews.productId }).from(reviews).where(eq(reviews.userId, id));
    await lockReviewsOf(
      tx,
      reviewed.map((r) => r.productId),
    );
    await tx.delete(users).where(eq(users.id, id));
    for (const { productId } of reviewed) await recomputeProductRatings(tx, productId);
  });
  await deleteImage(user.avatarUrl);
}
