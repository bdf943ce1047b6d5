import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { commitTogether } from "~/db/commit.server";
import { sessions, users } from "~/db/schema";
import { addReview, createProduct } from "../../../tests/unit/fixtures";
import { deleteUserByAdmin, updateUserByAdmin } from "./admin-users.server";
import { INVALID_LOGIN, loginWithPassword } from "./login.server";
import { createSession, findSession } from "./sessions.server";
import { AccountError, changePassword, createUser, getUserById, updateProfile } from "./users.server";

let n = 0;
let ipCount = 0;
const login = (email: string, password: string, ip = `203.0.113.${++ipCount % 250}`) =>
  loginWithPassword({ email, password, ip });
const newUser = (extra: Partial<Parameters<typeof createUser>[0]> = {}) =>
  createUser({ name: "Unit", email: `unit-${++n}-${Date.now()}@example.com`, password: "password-1", ...extra });
const newAdmin = async () => {
  const { id } = await newUser();
  return commitTogether(
    async (tx) => (await tx.update(users).set({ role: "admin" }).where(eq(users.id, id)).returning())[0],
  );
};
const signIn = (userId: string) => createSession({ userId, device: "Unit test", ip: null });

describe("login", () => {
  it("answers one message for a wrong password and an unknown e-mail", async () => {
    const user = await newUser();
    await expect(login(user.email, "wrong-password")).rejects.toThrow(INVALID_LOGIN);
    await expect(login("nobody@example.com", "password-1")).rejects.toThrow(INVALID_LOGIN);
    expect((await login(` ${user.email.toUpperCase()} `, "password-1")).id).toBe(user.id);
  });

  it("refuses a duplicate e-mail with a 409 on the email field", async () => {
    const user = await newUser();
    const error = await newUser({ email: user.email }).catch((e) => e);
    expect(error).toBeInstanceOf(AccountError);
    expect(error).toMatchObject({ status: 409, field: "email" });
  });
});

describe("profile update", () => {
  it("two accounts taking the same free e-mail at once: one gets it, the other a 409 on the email field and no change", async () => {
    const accounts = [await newUser(), await newUser()];
    const email = `wanted-${++n}-${Date.now()}@example.com`;
    // Both pass the early check (nothing is written yet); the unique index decides at the commit.
    // Which one wins is the engine's order (SQLite's group commit: the first; PostgreSQL: either).
    const results = await Promise.allSettled([
      updateProfile(accounts[0].id, { name: "First", email }, null),
      updateProfile(accounts[1].id, { name: "Second", email }, null),
    ]);
    const winner = results.findIndex((result) => result.status === "fulfilled");
    expect(winner).not.toBe(-1);
    const [won, lost] = [results[winner], results[1 - winner]];
    const loser = accounts[1 - winner];
    expect(won).toMatchObject({ status: "fulfilled", value: { id: accounts[winner].id, email } });
    expect(lost).toMatchObject({ status: "rejected", reason: { status: 409, field: "email" } });
    expect((lost as PromiseRejectedResult).reason).toBeInstanceOf(AccountError);
    expect(await getUserById(loser.id)).toMatchObject({ name: loser.name, email: loser.email });
  });
});

describe("password change", () => {
  it("keeps the other sessions, or with 'log out other devices' ends all but the caller's", async () => {
    const user = await newUser();
    const [mine, other] = [await signIn(user.id), await signIn(user.id)];
    await changePassword(
      user,
      { currentPassword: "password-1", newPassword: "password-2", logoutOtherDevices: false },
      mine.session.id,
    );
    expect(await findSession(other.key)).not.toBeNull();
    await expect(
      changePassword(
        (await getUserById(user.id))!,
        { currentPassword: "password-1", newPassword: "password-3", logoutOtherDevices: true },
        mine.session.id,
      ),
    ).rejects.toThrow("Old password is incorrect");
    expect(await findSession(other.key)).not.toBeNull();

    await changePassword(
      (await getUserById(user.id))!,
      { currentPassword: "password-2", newPassword: "password-3", logoutOtherDevices: true },
      mine.session.id,
    );
    expect(await findSession(other.key)).toBeNull();
    expect(await findSession(mine.key)).not.toBeNull();
    expect((await login(user.email, "password-3")).id).toBe(user.id);
  });
});

describe("admin user management", () => {
  it("an admin cannot demote or delete themself", async () => {
    const admin = await newAdmin();
    await expect(updateUserByAdmin(admin, admin.id, { name: "A", email: admin.email, role: "user" })).rejects.toThrow(
      /own account/,
    );
    await expect(deleteUserByAdmin(admin, admin.id)).rejects.toThrow(/own account/);
  });

  it("a new role ends every session of the account; a new name alone does not", async () => {
    const admin = await newAdmin();
    const user = await newUser();
    const sessions = [await signIn(user.id), await signIn(user.id)];
    await updateUserByAdmin(admin, user.id, { name: "Renamed", email: user.email, role: "user" });
    expect((await Promise.all(sessions.map((s) => findSession(s.key)))).every(Boolean)).toBe(true);
    await updateUserByAdmin(admin, user.id, { name: "Renamed", email: user.email, role: "admin" });
    expect((await Promise.all(sessions.map((s) => findSession(s.key)))).some(Boolean)).toBe(false);
    expect((await getUserById(user.id))?.role).toBe("admin");
  });

  it("deleting a user ends their sessions, removes their reviews and recomputes the products' ratings", async () => {
    const admin = await newAdmin();
    const keeper = await newUser();
    const leaver = await newUser();
    const session = await signIn(leaver.id);
    const productId = await createProduct();
    await addReview(productId, keeper.id, 4);
    await addReview(productId, leaver.id, 1);
    await deleteUserByAdmin(admin, leaver.id);
    expect(await getUserById(leaver.id)).toBeUndefined();
    expect(await findSession(session.key)).toBeNull();
    expect(await db.select({ n: count() }).from(sessions).where(eq(sessions.userId, leaver.id))).toEqual([{ n: 0 }]);
    const { getProduct } = await import("~/models/catalogue");
    const product = await getProduct(productId);
    expect(product).toMatchObject({ ratings: 4, numOfReviews: 1 });
  });
});
