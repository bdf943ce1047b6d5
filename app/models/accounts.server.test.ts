import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { passwordResetTokens, users } from "~/db/schema";
import { addReview, createProduct } from "../../tests/unit/fixtures";
import { deleteUserByAdmin, updateUserByAdmin } from "./admin-users.server";
import { issueApiToken, readApiToken } from "~/web/api-token.server";
import { INVALID_LOGIN, loginWithPassword } from "./login.server";
import { RESET_TOKEN_TTL_MS, createResetToken, requestPasswordReset, resetPassword, resetTokenProblem } from "./password-reset.server";
import { RateLimitError, limitAttempt } from "./rate-limit.server";
import { AccountError, changePassword, createUser, getUserById } from "./users.server";

let n = 0;
let ipCount = 0;
// Each call from its own address, so that only the per-e-mail limit can stop these logins.
const login = (email: string, password: string, ip = `203.0.113.${++ipCount % 250}`) => loginWithPassword({ email, password, ip });
const newUser = (extra: Partial<Parameters<typeof createUser>[0]> = {}) =>
  createUser({ name: "Unit", email: `unit-${++n}-${Date.now()}@example.com`, password: "password-1", ...extra });

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

describe("sessions and tokens", () => {
  it("a password change with 'log out other devices' bumps the session version", async () => {
    const user = await newUser();
    const kept = await changePassword(user, { currentPassword: "password-1", newPassword: "password-2", logoutOtherDevices: false });
    expect(kept).toBe(user.sessionVersion);
    const bumped = await changePassword(getUserById(user.id)!, { currentPassword: "password-2", newPassword: "password-3", logoutOtherDevices: true });
    expect(bumped).toBe(user.sessionVersion + 1);
  });

  it("API tokens carry the user and session version; tampered ones are refused", async () => {
    const token = await issueApiToken("user-1", 3);
    expect(await readApiToken(token)).toEqual({ userId: "user-1", sessionVersion: 3 });
    const [h, p, s] = token.split(".");
    expect(await readApiToken(`${h}.${p}.${s.slice(0, -2)}xx`)).toBeNull();
    expect(await readApiToken("garbage")).toBeNull();
  });
});

describe("password reset tokens", () => {
  it("are stored hashed, work once, and expire after 30 minutes", async () => {
    const user = await newUser();
    const now = new Date();
    const token = createResetToken(user.id, now);
    expect(token).toMatch(/^[a-f0-9]{64}$/);
    const stored = db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id)).all();
    expect(stored).toHaveLength(1);
    expect(stored[0].tokenHash).not.toBe(token);

    const late = new Date(now.getTime() + RESET_TOKEN_TTL_MS + 1);
    expect(resetTokenProblem(token, late)).toMatch(/expired/);
    await expect(resetPassword(token, { password: "reset-pass-1", logoutOtherDevices: true }, late)).rejects.toThrow(/expired/);

    await resetPassword(token, { password: "reset-pass-1", logoutOtherDevices: true }, now);
    expect((await login(user.email, "reset-pass-1")).sessionVersion).toBe(user.sessionVersion + 1);
    await expect(resetPassword(token, { password: "reset-pass-2", logoutOtherDevices: false }, now)).rejects.toThrow(
      /already been used/,
    );
    expect(resetTokenProblem("0".repeat(64))).toMatch(/invalid/);
  });
});

describe("rate limits", () => {
  it("stop password-reset requests for one e-mail after the limit", async () => {
    const email = `limited-${Date.now()}@example.com`;
    for (let i = 0; i < 10; i++) await limitAttempt("password-reset", `10.0.0.${i}`, email);
    await expect(limitAttempt("password-reset", "10.0.1.1", email)).rejects.toBeInstanceOf(RateLimitError);
    await expect(limitAttempt("password-reset", "10.0.1.1", `other-${email}`)).resolves.toBeUndefined();
  });

  it("a password-reset request counts against its e-mail", async () => {
    const email = `counted-${Date.now()}@example.com`;
    for (let i = 0; i < 10; i++) await requestPasswordReset({ email, ip: `10.1.0.${i}` });
    await expect(requestPasswordReset({ email, ip: "10.1.1.1" })).rejects.toBeInstanceOf(RateLimitError);
  });

  it("stop login attempts from one IP after the per-IP limit", async () => {
    const ip = `192.0.2.${Date.now() % 250}`;
    for (let i = 0; i < 50; i++) await limitAttempt("login", ip);
    await expect(limitAttempt("login", ip)).rejects.toBeInstanceOf(RateLimitError);
    await expect(limitAttempt("login", "198.51.100.7")).resolves.toBeUndefined();
  });

  it("stop logins for an e-mail after repeated failures, and a success clears the count", async () => {
    const user = await newUser();
    for (let i = 0; i < 9; i++) await expect(login(user.email, "nope-nope")).rejects.toThrow(INVALID_LOGIN);
    await login(user.email, "password-1");
    for (let i = 0; i < 10; i++) await expect(login(user.email, "nope-nope")).rejects.toThrow(INVALID_LOGIN);
    // Refused before the password is checked: the right one does not get in either.
    const error = await login(user.email, "password-1", "10.9.9.9").catch((e) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.status).toBe(429);
  });
});

describe("admin user management", () => {
  it("an admin cannot demote or delete themself", async () => {
    const admin = db.update(users).set({ role: "admin" }).where(eq(users.id, (await newUser()).id)).returning().get();
    expect(() => updateUserByAdmin(admin, admin.id, { name: "A", email: admin.email, role: "user" })).toThrow(/own account/);
    await expect(deleteUserByAdmin(admin, admin.id)).rejects.toThrow(/own account/);
  });

  it("deleting a user removes their reviews and recomputes the products' ratings", async () => {
    const admin = db.update(users).set({ role: "admin" }).where(eq(users.id, (await newUser()).id)).returning().get();
    const keeper = await newUser();
    const leaver = await newUser();
    const productId = createProduct();
    addReview(productId, keeper.id, 4);
    addReview(productId, leaver.id, 1);
    await deleteUserByAdmin(admin, leaver.id);
    expect(getUserById(leaver.id)).toBeUndefined();
    const { getProduct } = await import("./products.server");
    const product = await getProduct(productId);
    expect(product).toMatchObject({ ratings: 4, numOfReviews: 1 });
  });
});
