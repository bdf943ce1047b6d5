import { and, desc, eq, gt, lte, ne, sql } from "drizzle-orm";
import { db, type Tx } from "~/db/client.server";
import { commitTogether } from "~/db/commit.server";
import { msPlaceholder, preparedOnce } from "~/db/dialect";
import { sessions, users } from "~/db/schema";
import { hashSecret, newSecret } from "~/models/platform";
import type { User } from "~/models/types";

// Server-side sessions: a signed-in browser or API client holds a secret (in the signed cookie,
// or inside its bearer token) that names one row here. Ending a session deletes the row, so the
// cookie and the token stop working at once, wherever they were copied to.

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
// lastSeenAt moves at most once a minute: reading a session does not write on every request.
const LAST_SEEN_STEP_MS = 60 * 1000;

export type Session = typeof sessions.$inferSelect;
export type SignedIn = { user: User; session: Session };

/** Which sessions a change ends: none, every one, or every one but the caller's own. */
export type SessionsToEnd = "none" | "all" | { allBut: string };

/** Starts a 30-day session; returns the secret for the cookie or token (only its hash is kept). */
export async function createSession(
  input: { userId: string; device: string; ip: string | null },
  now = new Date(),
): Promise<{ key: string; session: Session }> {
  const key = newSecret();
  const session = await commitTogether(async (tx) => {
    // Expired sessions are swept at sign-in rather than by a timer.
    await tx.delete(sessions).where(lte(sessions.expiresAt, now));
    const [session] = await tx
      .insert(sessions)
      .values({
        id: hashSecret(key),
        userId: input.userId,
        device: input.device,
        ip: input.ip,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
      })
      .returning();
    return session;
  });
  return { key, session };
}

// Every signed-in request runs these two.
const liveSession = preparedOnce((q) =>
  q
    .select({ user: users, session: sessions })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder("id")), gt(sessions.expiresAt, msPlaceholder("now"))))
    .prepare(),
);
const markSeen = preparedOnce((q) =>
  q
    .update(sessions)
    .set({ lastSeenAt: msPlaceholder("now") })
    .where(eq(sessions.id, sql.placeholder("id")))
    .prepare(),
);

/** The live session this secret names, with its user (one query), or null. Marks it as seen. */
export async function findSession(key: string, now = new Date()): Promise<SignedIn | null> {
  // Placeholders take the column's stored form: timestamps in milliseconds.
  const [found] = await liveSession(db).execute({ id: hashSecret(key), now: now.getTime() });
  if (!found) return null;
  if (now.getTime() - found.session.lastSeenAt.getTime() >= LAST_SEEN_STEP_MS) {
    await commitTogether((tx) => markSeen(tx).execute({ id: found.session.id, now: now.getTime() }));
    found.session = { ...found.session, lastSeenAt: now };
  }
  return found;
}

/** The user's live sessions, the most recently used first. */
export function listSessions(userId: string, now = new Date()): Promise<Session[]> {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
}

/** Ends one session of this user; the ended session, or null when it was not theirs or is over. */
export function endSession(userId: string, sessionId: string): Promise<Session | null> {
  return commitTogether(async (tx) => {
    const [ended] = await tx
      .delete(sessions)
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
      .returning();
    return ended ?? null;
  });
}

/** Ends the user's sessions as `which` says, inside the caller's transaction. */
export async function endSessions(tx: Tx, userId: string, which: SessionsToEnd): Promise<void> {
  if (which === "none") return;
  const keep = which === "all" ? undefined : ne(sessions.id, which.allBut);
  await tx.delete(sessions).where(and(eq(sessions.userId, userId), keep));
}
