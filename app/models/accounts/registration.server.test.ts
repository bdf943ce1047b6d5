import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { config } from "~/config.server";
import { db } from "~/db/client.server";
import { pendingRegistrations } from "~/db/schema";
import { sendMail, type Mail } from "~/models/mail";
import { RateLimitError } from "~/models/platform";
import {
  REGISTRATION_TTL_MS,
  finishRegistration,
  registrationLink,
  requestRegistration,
  sweepExpiredRegistrations,
} from "./registration.server";
import { createUser, getUserByEmail, verifyCredentials } from "./users.server";

// Issue 23, item 7: registration from the page answers the same whether or not the e-mail has an
// account; the link mailed to a new address makes the account, the owner of a known one is told.
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
const newEmail = () => `register-${++n}-${Date.now()}@example.com`;
const NAME = "=HYPERLINK(evil)";
const PNG_1PX = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);
const register = (email: string, password = "password-1", avatar: Buffer | null = null, now = new Date()) =>
  requestRegistration({ name: NAME, email, password, avatar, ip: nextIp() }, now);
const pendingFor = (email: string) =>
  db.select().from(pendingRegistrations).where(eq(pendingRegistrations.email, email));
const mailsSent = () => mailer.mock.calls.map(([mail]) => mail as Mail);
const tokenIn = (mail: Mail) => mail.text.match(/\/register\/confirm\/([a-f0-9]{64})/)?.[1] ?? "";
const avatarFile = (url: string) => path.join(config.uploadsDir, url.replace(/^\/uploads\//, ""));

describe("registering from the page", () => {
  it("answers before anything depends on the account; a new address then gets a link that makes the account once", async () => {
    const email = newEmail();
    const { delivery } = await register(email.toUpperCase());
    expect(await pendingFor(email)).toHaveLength(0);
    expect(mailer).not.toHaveBeenCalled();
    await delivery;
    expect(await getUserByEmail(email)).toBeUndefined();
    const [mail] = mailsSent();
    expect(mail).toMatchObject({ to: email, subject: "ShopIT: finish registering" });
    for (const part of [mail.text, mail.html]) expect(part).not.toContain("HYPERLINK");
    const token = tokenIn(mail);
    expect(await pendingFor(email)).toEqual([expect.objectContaining({ name: NAME, avatarUrl: null, usedAt: null })]);
    expect((await pendingFor(email))[0].tokenHash).not.toBe(token);
    expect((await pendingFor(email))[0].passwordHash).not.toContain("password-1");

    expect(await registrationLink(token)).toEqual({ email, problem: null });
    const user = await finishRegistration(token);
    expect(user).toMatchObject({ email, name: NAME, googleSignIn: false });
    // The link proved the address.
    expect(user.emailProvenAt).toBeInstanceOf(Date);
    expect(await verifyCredentials(email, "password-1")).toMatchObject({ id: user.id });
    await expect(finishRegistration(token)).rejects.toThrow(
      "This registration link is invalid or has already been used.",
    );
    expect((await registrationLink(token)).problem).toMatch(/already been used/);
  });

  it("two submissions of one link at once make one account", async () => {
    const email = newEmail();
    await (
      await register(email)
    ).delivery;
    const token = tokenIn(mailsSent()[0]);
    const outcomes = await Promise.allSettled([finishRegistration(token), finishRegistration(token)]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(["fulfilled", "rejected"]);
  });

  it("an expired link is refused and makes no account", async () => {
    const email = newEmail();
    const then = new Date(Date.now() - REGISTRATION_TTL_MS - 1000);
    await (
      await register(email, "password-1", null, then)
    ).delivery;
    const token = tokenIn(mailsSent()[0]);
    expect((await registrationLink(token)).problem).toBe("This registration link has expired. Please register again.");
    await expect(finishRegistration(token)).rejects.toThrow(/expired/);
    expect(await getUserByEmail(email)).toBeUndefined();
    expect((await registrationLink("0".repeat(64))).problem).toMatch(/invalid/);
  });

  it("the avatar is kept for the account, and checked before the answer", async () => {
    const email = newEmail();
    await (
      await register(email, "password-1", PNG_1PX)
    ).delivery;
    const user = await finishRegistration(tokenIn(mailsSent()[0]));
    expect(user.avatarUrl).toMatch(/^\/uploads\/avatars\/\w+\.webp$/);
    expect(fs.existsSync(avatarFile(user.avatarUrl!))).toBe(true);
    await expect(register(newEmail(), "password-1", Buffer.from("not an image"))).rejects.toThrow(/JPEG, PNG or WebP/);
  });

  it("expired registrations are swept with the avatars never used; a finished one keeps its avatar", async () => {
    const [finished, abandoned] = [newEmail(), newEmail()];
    const then = new Date(Date.now() - 60_000);
    await (
      await register(finished, "password-1", PNG_1PX, then)
    ).delivery;
    const user = await finishRegistration(tokenIn(mailsSent()[0]), then);
    await (
      await register(abandoned, "password-1", PNG_1PX, then)
    ).delivery;
    const leftOver = (await pendingFor(abandoned))[0].avatarUrl!;
    await sweepExpiredRegistrations(new Date(then.getTime() + REGISTRATION_TTL_MS + 1));
    expect([...(await pendingFor(finished)), ...(await pendingFor(abandoned))]).toEqual([]);
    expect(fs.existsSync(avatarFile(leftOver))).toBe(false);
    expect(fs.existsSync(avatarFile(user.avatarUrl!))).toBe(true);
  });

  it("an address with an account: its owner is told, nothing changes, the avatar is not kept", async () => {
    const owner = await createUser({ name: "Owner", email: newEmail(), password: "owners-password" });
    const before = fs.readdirSync(path.join(config.uploadsDir, "avatars")).length;
    await (
      await register(owner.email, "attackers-password", PNG_1PX)
    ).delivery;
    expect(mailsSent()).toEqual([
      expect.objectContaining({
        to: owner.email,
        subject: "ShopIT: someone tried to register with your address",
        text: expect.stringContaining("/password/forgot"),
      }),
    ]);
    expect(mailsSent()[0].text).not.toContain("HYPERLINK");
    expect(await pendingFor(owner.email)).toHaveLength(0);
    expect(await getUserByEmail(owner.email)).toMatchObject({ id: owner.id, name: "Owner" });
    expect(await verifyCredentials(owner.email, "owners-password")).not.toBeNull();
    expect(await verifyCredentials(owner.email, "attackers-password")).toBeNull();
    expect(fs.readdirSync(path.join(config.uploadsDir, "avatars"))).toHaveLength(before);
  });

  it("answers even when the mail server never does, known address or not", async () => {
    mailer.mockImplementation(() => new Promise<void>(() => {}));
    const owner = await createUser({ name: "Owner", email: newEmail(), password: "owners-password" });
    for (const email of [owner.email, newEmail()]) {
      const answered = register(email).then(() => "answered");
      const stuck = new Promise((resolve) => setTimeout(() => resolve("stuck"), 1000));
      expect(await Promise.race([answered, stuck])).toBe("answered");
    }
    await vi.waitFor(() => expect(mailer).toHaveBeenCalledTimes(2));
  });

  it("counts every request against its e-mail (429 past the limit), known or not", async () => {
    const email = newEmail();
    for (let i = 0; i < 10; i++) await register(email);
    await expect(register(email)).rejects.toBeInstanceOf(RateLimitError);
    await expect(register(newEmail())).resolves.toBeDefined();
  });
});
