import { beforeEach, describe, expect, it, vi } from "vitest";
import { registerAccount } from "./accounts.server";
import { sendMailLater } from "./email.server";
import { createUser, findOrCreateGoogleUser } from "./users.server";

// Mails are composed but not sent: a test reads what would have gone out.
vi.mock("./email.server", () => ({ sendMailLater: vi.fn() }));
const laterMails = vi.mocked(sendMailLater);
const composedMails = () => Promise.all(laterMails.mock.calls.map(([, compose]) => compose()));
beforeEach(() => laterMails.mockReset());

let n = 0;
const email = () => `welcome-${++n}-${Date.now()}@example.com`;

describe("the welcome mail", () => {
  it("goes to each account registered with a password", async () => {
    const user = await registerAccount({ name: "New Shopper", email: email(), password: "password-1", avatar: null });
    const [mail] = await composedMails();
    expect(mail).toMatchObject({ to: user.email, subject: "Welcome to ShopIT" });
    expect(mail?.text).toContain("Welcome to ShopIT!");
    // Issue 23, item 7: the API registers any address; the mail carries nothing the registrant typed.
    for (const part of [mail?.text, mail?.html]) expect(part).not.toContain("New Shopper");
  });

  it("goes once to an account made by a first Google sign-in, not at later sign-ins", async () => {
    const identity = { googleId: `g-${Date.now()}`, email: email(), name: "Google Shopper" };
    await findOrCreateGoogleUser(identity);
    await findOrCreateGoogleUser(identity);
    const mails = await composedMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain("Sign in with Google");
  });

  it("does not go when the account is not made", async () => {
    const taken = email();
    await createUser({ name: "First", email: taken, password: "password-1" });
    laterMails.mockReset();
    await expect(createUser({ name: "Second", email: taken, password: "password-1" })).rejects.toThrow(/already registered/);
    expect(laterMails).not.toHaveBeenCalled();
  });
});
