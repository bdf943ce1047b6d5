import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { db } from "~/db/client.server";
import { mailOutbox } from "~/db/schema";
import { registerAccount } from "./accounts.server";
import { composeJob, type MailJob, outboxRow } from "~/models/mail";
import { createUser, findOrCreateGoogleUser } from "./users.server";

// Mails are queued in the outbox, not sent: a test composes what would go out.
vi.mock("~/models/mail/mail-thread.server", () => ({ sendMailJob: vi.fn(async () => {}) }));

let n = 0;
const email = () => `welcome-${++n}-${Date.now()}@example.com`;
const welcomeOf = (userId: string) => outboxRow(`welcome:${userId}`);
const composed = async (userId: string) => composeJob((await welcomeOf(userId))!.payload as MailJob);
const welcomesTo = async (address: string) =>
  (await db.select().from(mailOutbox).where(eq(mailOutbox.kind, "welcome"))).filter(
    (row) => (row.payload as Extract<MailJob, { kind: "welcome" }>).user.email === address,
  );

describe("the welcome mail", () => {
  it("is queued in the outbox for each account registered with a password", async () => {
    const user = await registerAccount({
      name: "New Shopper",
      email: email(),
      password: "password-1",
      avatar: null,
      ip: "192.0.2.1",
    });
    const mail = await composed(user.id);
    expect(mail).toMatchObject({ to: user.email, subject: "Welcome to ShopIT" });
    expect(mail.text).toContain("Welcome to ShopIT!");
    // Issue 23, item 7: the API registers any address; the mail carries nothing the registrant typed.
    for (const part of [mail.text, mail.html]) expect(part).not.toContain("New Shopper");
  });

  it("is queued once for an account made by a first Google sign-in, not at later sign-ins", async () => {
    const identity = { googleId: `g-${Date.now()}`, email: email(), name: "Google Shopper" };
    const user = await findOrCreateGoogleUser(identity);
    await findOrCreateGoogleUser(identity);
    expect(await welcomesTo(identity.email)).toHaveLength(1);
    expect((await composed(user.id)).text).toContain("Sign in with Google");
  });

  it("is not queued when the account is not made, nor when its transaction fails", async () => {
    const taken = email();
    await createUser({ name: "First", email: taken, password: "password-1" });
    await expect(createUser({ name: "Second", email: taken, password: "password-1" })).rejects.toThrow(
      /already registered/,
    );
    expect(await welcomesTo(taken)).toHaveLength(1);
    const other = email();
    await expect(
      createUser({ name: "Third", email: other, password: "password-1" }, () => {
        throw new Error("the link was spent meanwhile");
      }),
    ).rejects.toThrow(/spent/);
    expect(await welcomesTo(other)).toHaveLength(0);
  });
});
