import { desc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { reviews, users } from "~/db/schema";
import { deleteImage } from "./images.server";
import { recomputeProductRatings } from "./reviews.server";
import { AccountError, assertEmailAvailable, getUserById, type User } from "./users.server";

const notFound = () => new AccountError("User not found", 404);

export function listUsers(): User[] {
  return db.select().from(users).orderBy(desc(users.createdAt)).all();
}

export function getUserForAdmin(id: string): User {
  const user = getUserById(id);
  if (!user) throw notFound();
  return user;
}

/** Name, e-mail and role; an admin cannot take the admin role from themself. */
export function updateUserByAdmin(
  actor: User,
  id: string,
  input: { name: string; email: string; role: "user" | "admin" },
): User {
  getUserForAdmin(id);
  if (actor.id === id && input.role !== "admin")
    throw new AccountError("You cannot remove the admin role from your own account", 400, "role");
  assertEmailAvailable(input.email, id);
  return db.update(users).set(input).where(eq(users.id, id)).returning().get();
}

/**
 * Deletes an account (not one's own): its reviews go and the ratings of the products it reviewed
 * are recomputed in the same transaction; its orders stay, with the buyer's name kept on them.
 */
export async function deleteUserByAdmin(actor: User, id: string): Promise<void> {
  const user = getUserForAdmin(id);
  if (actor.id === id) throw new AccountError("You cannot delete your own account", 400);
  db.transaction((tx) => {
    const reviewed = tx.select({ productId: reviews.productId }).from(reviews).where(eq(reviews.userId, id)).all();
    tx.delete(users).where(eq(users.id, id)).run();
    for (const { productId } of reviewed) recomputeProductRatings(tx, productId);
  });
  await deleteImage(user.avatarUrl);
}
