import { describe, expect, it } from "vitest";
import { createUser } from "../../../tests/unit/fixtures";
import { count, eq } from "drizzle-orm";
import {
  SESSION_TTL_MS,
  createSession,
  endSession,
  endSessions,
  findSession,
  listSessions,
  type SessionsToEnd,
} from "./sessions.server";
import { db } from "~/db/client.server";
import { commitTogether } from "~/db/commit.server";
import { sessions } from "~/db/schema";

const start = (userId: string, now = new Date(), device = "Chrome 156 on Linux") =>
  createSession({ userId, device, ip: "203.0.113.5" }, now);
const end = (userId: string, which: SessionsToEnd) => commitTogether((tx) => endSessions(tx, userId, which));

describe("sessions", () => {
  it("a session is found by its secret only, with its user; only the secret's hash is stored", async () => {
    const userId = await createUser("Sam Session");
    const { key, session } = await start(userId);
    expect(key).toMatch(/^[a-f0-9]{64}$/);
    expect(session.id).not.toBe(key);
    expect(await findSession(key)).toMatchObject({
      user: { id: userId, name: "Sam Session" },
      session: { id: session.id, device: "Chrome 156 on Linux" },
    });
    expect(await findSession(session.id)).toBeNull();
    expect(await findSession("0".repeat(64))).toBeNull();
  });

  it("expires after 30 days, and expired sessions are swept at the next sign-in", async () => {
    const userId = await createUser();
    const now = new Date();
    const { key } = await start(userId, now);
    expect(await findSession(key, new Date(now.getTime() + SESSION_TTL_MS - 1))).not.toBeNull();
    const later = new Date(now.getTime() + SESSION_TTL_MS);
    expect(await findSession(key, later)).toBeNull();
    expect(await listSessions(userId, later)).toHaveLength(0);
    await start(userId, later);
    const [left] = await db.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId));
    expect(left.n).toBe(1);
  });

  it("marks a session as seen at most once a minute", async () => {
    const userId = await createUser();
    const t0 = new Date(Date.UTC(2026, 4, 1, 12, 0, 0));
    const { key } = await start(userId, t0);
    expect((await findSession(key, new Date(t0.getTime() + 59_000)))!.session.lastSeenAt).toEqual(t0);
    expect((await listSessions(userId, t0))[0].lastSeenAt).toEqual(t0);
    const t1 = new Date(t0.getTime() + 61_000);
    expect((await findSession(key, t1))!.session.lastSeenAt).toEqual(t1);
    expect((await listSessions(userId, t1))[0].lastSeenAt).toEqual(t1);
  });

  it("lists a user's sessions, most recently seen first, and ends only the user's own", async () => {
    const userId = await createUser();
    const other = await createUser();
    const t0 = new Date();
    const older = await start(userId, t0, "Firefox 128 on Windows");
    const newer = await start(userId, new Date(t0.getTime() + 1000), "Safari 17 on iOS");
    const theirs = await start(other, t0);
    expect((await listSessions(userId)).map((s) => s.device)).toEqual(["Safari 17 on iOS", "Firefox 128 on Windows"]);

    expect(await endSession(userId, theirs.session.id)).toBeNull();
    expect(await findSession(theirs.key)).not.toBeNull();
    expect(await endSession(userId, older.session.id)).toMatchObject({ device: "Firefox 128 on Windows" });
    expect(await findSession(older.key)).toBeNull();
    expect(await endSession(userId, older.session.id)).toBeNull();
    expect(await findSession(newer.key)).not.toBeNull();
  });

  it("ends all of a user's sessions, or all but one", async () => {
    const userId = await createUser();
    const [a, b, c] = await Promise.all([start(userId), start(userId), start(userId)]);
    const bystander = await start(await createUser());
    await end(userId, { allBut: b.session.id });
    expect(await Promise.all([a, b, c].map(async (s) => (await findSession(s.key)) !== null))).toEqual([
      false,
      true,
      false,
    ]);
    await end(userId, "none");
    expect(await findSession(b.key)).not.toBeNull();
    await end(userId, "all");
    expect(await findSession(b.key)).toBeNull();
    expect(await findSession(bystander.key)).not.toBeNull();
  });
});
