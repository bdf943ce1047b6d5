import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { users } from "~/db/schema";
import { sessionStorage } from "~/lib/session.server";

export const DEFAULT_AVATAR_URL = "/images/default_avatar.jpg";

export type SessionUser = {
  id: string;
  name: string;
  email: string;
  role: "user" | "admin";
  avatarUrl: string | null;
  googleSignIn: boolean;
  createdAt: Date;
};

/** The signed-in user, or null; a session from before "log out other devices" no longer counts. */
export async function getOptionalUser(request: Request): Promise<SessionUser | null> {
  const session = await sessionStorage.getSession(request.headers.get("Cookie"));
  const userId = session.get("userId");
  if (!userId) return null;
  const [user] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      avatarUrl: users.avatarUrl,
      googleSignIn: users.googleSignIn,
      createdAt: users.createdAt,
      sessionVersion: users.sessionVersion,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user || user.sessionVersion !== session.get("sessionVersion")) return null;
  const { sessionVersion: _ignored, ...sessionUser } = user;
  return sessionUser;
}
