import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "~/db/client.server";
import { commitTogether } from "~/db/commit.server";
import { passwordResetTokens } from "~/db/schema";
import { sendMail } from "~/models/mail";
import { loginWithPassword } from "./login.server";
import {
  RESET_TOKEN_TTL_MS,
  createResetToken,
  requestPasswordReset,
  resetPassword,
  resetTokenProblem,
} from "./password-reset.server";
import { RateLimitError } from "~/models/platform";
import { createSession, findSession } from "./sessions.server";
import { changePassword, createUser } from "./users.server";

// The mail transport is replaced: each test says whether it delivers, fails or never answers.
vi.mock("~/models/mail/email.server", () => ({
  sendMail: vi.fn(),
  trackMail: vi.fn((sending: Promise<void>) => sending),
}));
vi.mock("~/models/mail/mail-thread.server", () => ({ sendMailJob: vi.fn(async () => {}) }));
const mailer = vi.mocked(sendMail);
beforeEach(() => {
  mailer.mockReset();
  mailer.mockResolvedValue(undefined);
});

let n = 0;
let ip = 0;
const nextIp = () => `198.51.100.${++ip % 250}`;
const newUser = () =>
  createUser({ name: "Reset", email: `reset-${++n}-${Date.now()}@example.com`, password: "password-1" });
const tokensOf = (userId: string) =>
  db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
const set = (token: string, password: string, now = new Date()) =>
  resetPassword(token, { password, logoutOtherDevices: false }, now);
const canLogin = (email: string, password: string) =>
  loginWithPassword({ email, password, ip: nextIp() }).then(
    () => true,
    () => false,
  );

describe("password reset links", () => {
  it("are stored hashed, work once, and expire after 30 minutes", async () => {
    const user = await newUser();
    const now = new Date();
    const token = await createResetToken(user, now);
    expect(token).toMatch(/^[a-f0-9]{64}$/);
    expect(await tokensOf(user.id)).toHaveLength(1);
    expect((await tokensOf(user.id))[0].tokenHash).not.toBe(token);

    const late = new Date(now.getTime() + RESET_TOKEN_TTL_MS + 1);
    expect(await resetTokenProblem(token, late)).toMatch(/expired/);
    await expect(set(token, "reset-pass-1", late)).rejects.toThrow(/expired/);

    await set(token, "reset-pass-1", now);
    expect(await canLogin(user.email, "reset-pass-1")).toBe(true);
    await expect(set(token, "reset-pass-2", now)).rejects.toThrow(/already been used/);
    expect(await resetTokenProblem("0".repeat(64))).toMatch(/invalid/);
  });

  it("using the newer of two links retires the older one", async () => {
    const user = await newUser();
    const older = await createResetToken(user);
    const newer = await createResetToken(user);
    await set(newer, "newer-pass-1");
    expect(await resetTokenProblem(older)).toMatch(/invalid or has already been used/);
    await expect(set(older, "older-pass-1")).rejects.toThrow(/already been used/);
    expect(await canLogin(user.email, "newer-pass-1")).toBe(true);
    expect(await canLogin(user.email, "older-pass-1")).toBe(false);
  });

  it("changing the password retires every outstanding link", async () => {
    const user = await newUser();
    const link = await createResetToken(user);
    const { session } = await createSession({ userId: user.id, device: "Unit", ip: null });
    await changePassword(
      user,
      { currentPassword: "password-1", newPassword: "changed-pass-1", logoutOtherDevices: false },
      session.id,
    );
    await expect(set(link, "stolen-pass-1")).rejects.toThrow(/already been used/);
    expect(await canLogin(user.email, "changed-pass-1")).toBe(true);
  });

  it("name the address they were mailed to, and work only while the account has it; links made before they named one do not", async () => {
    const user = await newUser();
    const token = await createResetToken(user);
    expect((await tokensOf(user.id))[0].email).toBe(user.email);
    await commitTogether((tx) =>
      tx.update(passwordResetTokens).set({ email: "" }).where(eq(passwordResetTokens.userId, user.id)),
    );
    expect(await resetTokenProblem(token)).toMatch(/invalid or has already been used/);
    await expect(set(token, "reset-pass-3")).rejects.toThrow(/invalid or has already been used/);
    expect(await canLogin(user.email, "password-1")).toBe(true);
  });

  it("a reset ends every session of the account, ticked 'Log me out of other devices' or not", async () => {
    const user = await newUser();
    const sessions = await Promise.all([1, 2].map(() => createSession({ userId: user.id, device: "Unit", ip: null })));
    await set(await createResetToken(user), "reset-pass-9");
    expect(await Promise.all(sessions.map((s) => findSession(s.key)))).toEqual([null, null]);
  });
});

describe("asking for a reset link", () => {
  it("answers before anything depends on the account: no token and no mail yet, then both", async () => {
    const user = await newUser();
    const { delivery } = await requestPasswordReset({ email: user.email, ip: nextIp() });
    expect(await tokensOf(user.id)).toHaveLength(0);
    expect(mailer).not.toHaveBeenCalled();
    await delivery;
    expect(await tokensOf(user.id)).toHaveLength(1);
    expect(mailer).toHaveBeenCalledTimes(1);
    expect(mailer.mock.calls[0][0]).toMatchObject({
      to: user.email,
      text: expect.stringMatching(/\/password\/reset\/[a-f0-9]{64}/),
    });
  });

  it("answers even when the mail server never does", async () => {
    mailer.mockImplementation(() => new Promise<void>(() => {}));
    const user = await newUser();
    const answered = requestPasswordReset({ email: user.email, ip: nextIp() }).then(() => "answered");
    const stuck = new Promise((resolve) => setTimeout(() => resolve("stuck"), 1000));
    expect(await Promise.race([answered, stuck])).toBe("answered");
    await vi.waitFor(() => expect(mailer).toHaveBeenCalledTimes(1));
  });

  it("a failing mail server is logged, not answered", async () => {
    mailer.mockRejectedValue(new Error("SMTP down"));
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const user = await newUser();
    const { delivery } = await requestPasswordReset({ email: user.email, ip: nextIp() });
    await delivery;
    expect(logged).toHaveBeenCalledWith(expect.stringContaining(user.email), expect.any(Error));
    logged.mockRestore();
  });

  it("sends nothing for an unknown e-mail or a Google account", async () => {
    const google = await createUser({ name: "G", email: `g-${Date.now()}@example.com`, googleId: `g-${Date.now()}` });
    for (const email of ["nobody-here@example.com", google.email])
      await (
        await requestPasswordReset({ email, ip: nextIp() })
      ).delivery;
    expect(mailer).not.toHaveBeenCalled();
  });

  it("counts every request against its e-mail (429 past the limit), known or not", async () => {
    const email = `counted-${Date.now()}@example.com`;
    for (let i = 0; i < 10; i++) await requestPasswordReset({ email, ip: `10.1.0.${i}` });
    await expect(requestPasswordReset({ email, ip: "10.1.1.1" })).rejects.toBeInstanceOf(RateLimitError);
    await expect(requestPasswordReset({ email: `other-${email}`, ip: "10.1.1.1" })).resolves.toBeDefined();
  });
});
