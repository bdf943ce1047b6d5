import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { db } from "~/db/client.server";
import { commitTogether } from "~/db/commit.server";
import { emailProofs, mailOutbox, orders } from "~/db/schema";
import { PublicError } from "~/lib/public-error";
import { registerAccount } from "./accounts.server";
import { updateUserByAdmin } from "./admin-users.server";
import { EMAIL_PROOF_TTL_MS, confirmEmail, emailProofLink, requestEmailProof } from "./email-proof.server";
import type { MailJob } from "~/models/mail";
import { getOrderFor } from "~/models/orders";
import { createResetToken, resetPassword, resetTokenProblem } from "./password-reset.server";
import { RateLimitError } from "~/models/platform";
import { createSession, findSession } from "./sessions.server";
import { createUser, findOrCreateGoogleUser, getUserById, updateProfile, userJson, type User } from "./users.server";
import { createOrder } from "../../../tests/unit/fixtures";

// Issue 46, goal 2: a reset or confirmation link proves only the address it was mailed to, and only
// while the account still has it; a changed e-mail is unproven until a link mailed to it is followed.
vi.mock("~/models/mail/mail-thread.server", () => ({ sendMailJob: vi.fn(async () => {}) }));

let n = 0;
const uniqueEmail = (what: string) => `${what}-${++n}-${Date.now()}@example.com`;
const INVALID = /invalid or has already been used/;

/** An account made as the API's registration makes it: at once, its address unproven. */
const apiAccount = (email = uniqueEmail("api")) =>
  registerAccount({ name: "Api", email, password: "password-1", avatar: null, ip: `192.0.2.${++n % 250}` });

/** A placed guest order bought with `email`, with the buyer's name, address and phone on it. */
async function guestOrder(email: string) {
  const order = await createOrder({ userName: "Victim Buyer" });
  await commitTogether((tx) => tx.update(orders).set({ guestEmail: email }).where(eq(orders.id, order.id)));
  return order;
}

const ownerOf = async (orderId: string) =>
  (await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId)))[0].userId;

const signIn = (user: User) => createSession({ userId: user.id, device: "Unit", ip: null });

const changeEmail = (user: User, email: string, sessionId: string | null = null) =>
  updateProfile(user.id, { name: user.name, email }, sessionId);

/** The mails of this kind queued to `to`, oldest first. */
type AccountMail = Extract<MailJob, { kind: "emailChanged" | "emailProof" }>;
async function queued<K extends AccountMail["kind"]>(kind: K, to: string) {
  const rows = await db.select().from(mailOutbox).where(eq(mailOutbox.kind, kind)).orderBy(mailOutbox.id);
  return rows.map((row) => row.payload as AccountMail & { kind: K }).filter((job) => job.to === to);
}

/** The token of the newest confirmation link mailed to `to`. */
async function proofTokenFor(to: string) {
  const links = await queued("emailProof", to);
  expect(links.length).toBeGreaterThan(0);
  return links[links.length - 1].link.split("/").pop()!;
}

const refusalOf = (work: Promise<unknown>) =>
  work.then(
    () => {
      throw new Error("expected a refusal");
    },
    (error: unknown) => error,
  );

describe("the takeover of a guest's orders by a changed e-mail (the finding)", () => {
  it("register, ask a reset, change the e-mail to the victim's: the old link is refused, nothing is adopted", async () => {
    const victim = uniqueEmail("victim");
    const order = await guestOrder(victim);
    const attacker = await apiAccount();
    const { session } = await signIn(attacker);
    const link = await createResetToken(attacker);

    await changeEmail(attacker, victim, session.id);

    expect(await resetTokenProblem(link)).toMatch(INVALID);
    await expect(resetPassword(link, { password: "password-2", logoutOtherDevices: false })).rejects.toThrow(INVALID);
    expect(await ownerOf(order.id)).toBeNull();
    expect(await getOrderFor(order.id, attacker)).toBeNull();
    const after = (await getUserById(attacker.id))!;
    expect(after.email).toBe(victim);
    expect(userJson(after).emailProven).toBe(false);
    // The confirmation link went to the victim's mailbox, not the attacker's.
    expect(await queued("emailProof", victim)).toHaveLength(1);
  });

  it("a link mailed to an address proves it only while the account has it, retired by the change or not", async () => {
    const victim = uniqueEmail("victim");
    const order = await guestOrder(victim);
    const attacker = await apiAccount();
    await changeEmail(attacker, victim);
    // A link naming the attacker's old address, made after the change (as one raced with it would be).
    const stale = await createResetToken({ id: attacker.id, email: attacker.email });
    await expect(resetPassword(stale, { password: "password-2", logoutOtherDevices: false })).rejects.toThrow(INVALID);
    expect(await ownerOf(order.id)).toBeNull();
  });

  it("changed back to the first address, the old link stays retired; a new one proves that address and adopts only its orders", async () => {
    const first = uniqueEmail("first");
    const other = uniqueEmail("other");
    const [mine, theirs] = [await guestOrder(first), await guestOrder(other)];
    const user = await apiAccount(first);
    const old = await createResetToken(user);
    await changeEmail(user, other);
    const back = await changeEmail((await getUserById(user.id))!, first);
    expect(await resetTokenProblem(old)).toMatch(INVALID);

    await resetPassword(await createResetToken(back), { password: "password-2", logoutOtherDevices: false });
    expect(await ownerOf(mine.id)).toBe(user.id);
    expect(await ownerOf(theirs.id)).toBeNull();
    expect((await getUserById(user.id))!.emailProvenAt).not.toBeNull();
  });
});

describe("changing an account's e-mail", () => {
  it("ends the other sessions and outstanding links, leaves the address unproven, tells the old address and mails the new one", async () => {
    const user = await createUser({
      name: "Mover",
      email: uniqueEmail("old"),
      password: "password-1",
      emailProven: true,
    });
    const [mine, other] = [await signIn(user), await signIn(user)];
    const reset = await createResetToken(user);
    await requestEmailProof({ ...user, emailProvenAt: null }, "203.0.113.1");
    const earlierProof = await proofTokenFor(user.email);
    const to = uniqueEmail("new");

    const updated = await changeEmail(user, to, mine.session.id);

    expect(updated).toMatchObject({ email: to, emailProvenAt: null });
    expect(await findSession(mine.key)).not.toBeNull();
    expect(await findSession(other.key)).toBeNull();
    expect(await resetTokenProblem(reset)).toMatch(INVALID);
    expect((await emailProofLink(earlierProof, user.id)).problem).toMatch(INVALID);
    expect(await queued("emailChanged", user.email)).toEqual([{ kind: "emailChanged", to: user.email, newEmail: to }]);
    const [proof] = await queued("emailProof", to);
    expect(proof).toMatchObject({ validHours: 24, link: expect.stringMatching(/\/me\/email\/confirm\/[a-f0-9]{64}$/) });
  });

  it("without a new e-mail (a name change) changes none of this", async () => {
    const user = await createUser({
      name: "Same",
      email: uniqueEmail("same"),
      password: "password-1",
      emailProven: true,
    });
    const [mine, other] = [await signIn(user), await signIn(user)];
    const reset = await createResetToken(user);
    const updated = await updateProfile(user.id, { name: "Renamed", email: user.email }, mine.session.id);
    expect(updated.emailProvenAt).toEqual(user.emailProvenAt);
    expect(await findSession(other.key)).not.toBeNull();
    expect(await resetTokenProblem(reset)).toBeNull();
    expect(await queued("emailChanged", user.email)).toEqual([]);
  });

  it("by an admin does the same, every session of the account ending", async () => {
    const admin = await createUser({ name: "Admin", email: uniqueEmail("admin"), password: "password-1" });
    const user = await createUser({
      name: "Kept",
      email: uniqueEmail("kept"),
      password: "password-1",
      emailProven: true,
    });
    const { key } = await signIn(user);
    const to = uniqueEmail("moved");
    const updated = await updateUserByAdmin(admin, user.id, { name: user.name, email: to, role: "user" });
    expect(updated.emailProvenAt).toBeNull();
    expect(await findSession(key)).toBeNull();
    expect(await queued("emailChanged", user.email)).toHaveLength(1);
    expect(await queued("emailProof", to)).toHaveLength(1);
  });
});

describe("the link mailed to a changed address", () => {
  it("opened, changes nothing; confirmed, proves the address and adopts its guest orders, once", async () => {
    const user = await apiAccount();
    const to = uniqueEmail("confirmed");
    const [order, elsewhere] = [await guestOrder(to), await guestOrder(user.email)];
    await changeEmail(user, to);
    const token = await proofTokenFor(to);

    expect(await emailProofLink(token, user.id)).toEqual({ email: to, problem: null });
    expect((await getUserById(user.id))!.emailProvenAt).toBeNull();
    // Only signed in to the account it was mailed for: whoever merely reads the mailbox cannot confirm it.
    const other = await apiAccount();
    await expect(confirmEmail(token, other.id)).rejects.toMatchObject({ status: 403 });
    expect(await ownerOf(order.id)).toBeNull();
    expect(await confirmEmail(token, user.id)).toEqual({ email: to });

    expect((await getUserById(user.id))!.emailProvenAt).not.toBeNull();
    expect(await ownerOf(order.id)).toBe(user.id);
    expect(await getOrderFor(order.id, user)).not.toBeNull();
    // The address the account had before was never proven: its orders stay the guest's.
    expect(await ownerOf(elsewhere.id)).toBeNull();
    await expect(confirmEmail(token, user.id)).rejects.toThrow(INVALID);
  });

  it("is refused for an address the account no longer has, even if it were not retired", async () => {
    const user = await apiAccount();
    const gone = uniqueEmail("gone");
    const order = await guestOrder(gone);
    await changeEmail(user, gone);
    const token = await proofTokenFor(gone);
    await changeEmail((await getUserById(user.id))!, uniqueEmail("now"));
    await commitTogether((tx) => tx.update(emailProofs).set({ usedAt: null }).where(eq(emailProofs.email, gone)));

    expect((await emailProofLink(token, user.id)).problem).toMatch(INVALID);
    await expect(confirmEmail(token, user.id)).rejects.toThrow(INVALID);
    expect(await ownerOf(order.id)).toBeNull();
    expect((await getUserById(user.id))!.emailProvenAt).toBeNull();
  });

  it("expires after 24 hours", async () => {
    const user = await apiAccount();
    const to = uniqueEmail("late");
    await changeEmail(user, to);
    const late = new Date(Date.now() + EMAIL_PROOF_TTL_MS + 60_000);
    await expect(confirmEmail(await proofTokenFor(to), user.id, late)).rejects.toThrow(/expired/);
  });
});

describe("asking for the link again", () => {
  it("mails an unproven address a new link, counted as password resets are; a proven one is refused", async () => {
    const user = await apiAccount();
    await requestEmailProof(user, "203.0.113.20");
    await confirmEmail(await proofTokenFor(user.email), user.id);
    const proven = (await getUserById(user.id))!;
    expect(await refusalOf(requestEmailProof(proven, "203.0.113.20"))).toBeInstanceOf(PublicError);

    const counted = await apiAccount();
    let refused: unknown = null;
    for (let i = 0; i < 20 && !refused; i++)
      refused = await requestEmailProof(counted, `10.46.${n}.${i}`).then(
        () => null,
        (error: unknown) => error,
      );
    expect(refused).toBeInstanceOf(RateLimitError);
  });
});

describe("which accounts start proven", () => {
  it("the API's registration: unproven, and a reset link mailed to it proves it", async () => {
    const user = await apiAccount();
    expect(user.emailProvenAt).toBeNull();
    expect(userJson(user).emailProven).toBe(false);
    await resetPassword(await createResetToken(user), { password: "password-2", logoutOtherDevices: false });
    const proven = (await getUserById(user.id))!;
    expect(proven.emailProvenAt).not.toBeNull();
    expect(userJson(proven).emailProven).toBe(true);
  });

  it("a Google sign-in proves the account's address only when it is the one Google verified", async () => {
    const email = uniqueEmail("linked");
    const order = await guestOrder(email);
    const user = await apiAccount(email);
    const signedIn = await findOrCreateGoogleUser({ googleId: `g-${++n}-${Date.now()}`, email, name: "G" });
    expect(signedIn).toMatchObject({ id: user.id, emailProvenAt: expect.any(Date) });
    expect(await ownerOf(order.id)).toBe(user.id);

    // Linked to Google, the account moves to another address: signing in with Google proves nothing.
    const moved = uniqueEmail("moved");
    await changeEmail((await getUserById(user.id))!, moved);
    const movedOrder = await guestOrder(moved);
    await findOrCreateGoogleUser({ googleId: signedIn.googleId!, email, name: "G" });
    expect((await getUserById(user.id))!.emailProvenAt).toBeNull();
    expect(await ownerOf(movedOrder.id)).toBeNull();
  });

  it("a Google account: proven", async () => {
    const user = await createUser({ name: "G", email: uniqueEmail("g"), googleId: `g-${++n}-${Date.now()}` });
    expect(user.emailProvenAt).not.toBeNull();
  });
});
