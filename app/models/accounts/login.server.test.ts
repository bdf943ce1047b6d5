import { describe, expect, it } from "vitest";
import { INVALID_LOGIN, loginWithPassword } from "./login.server";
import { RateLimitError, loginDelayMs } from "~/models/platform";
import { createUser } from "./users.server";

// Default limits (unit tests run without RATE_LIMIT_*): 50 failures per address, 10 per account
// from one address; an account with 10 failures from anywhere is slowed down.
let n = 0;
const newUser = () =>
  createUser({ name: "Owner", email: `owner-${++n}-${Date.now()}@example.com`, password: "right-password" });

/** Logs in, recording the waits asked for instead of sleeping: the outcome ("ok", 401 or 429) and the waits. */
async function attempt(email: string, password: string, ip: string) {
  const waits: number[] = [];
  const outcome = await loginWithPassword({ email, password, ip }, async (ms) => waits.push(ms)).then(
    () => "ok" as const,
    (error) => {
      if (error instanceof RateLimitError) return 429 as const;
      if (error.message === INVALID_LOGIN) return 401 as const;
      throw error;
    },
  );
  return { outcome, waits };
}

describe("login delays", () => {
  it("start once an account has RATE_LIMIT_PER_EMAIL failures, double, and stop at the cap", () => {
    const limits = { perEmail: 10, maxDelayMs: 5000 };
    expect([0, 9].map((f) => loginDelayMs(f, limits))).toEqual([0, 0]);
    expect([10, 11, 12, 13, 14, 20, 1e6].map((f) => loginDelayMs(f, limits))).toEqual([
      500, 1000, 2000, 4000, 5000, 5000, 5000,
    ]);
    expect(loginDelayMs(50, { perEmail: 10, maxDelayMs: 0 })).toBe(0);
  });
});

describe("login limits", () => {
  it("10 wrong passwords from rotating addresses slow the account down but do not lock its owner out", async () => {
    const owner = await newUser();
    for (let i = 0; i < 10; i++) expect((await attempt(owner.email, "guess", `192.0.2.${i}`)).outcome).toBe(401);
    const guesser = await attempt(owner.email, "guess", "192.0.2.200");
    expect(guesser).toEqual({ outcome: 401, waits: [500] });
    const ownerLogin = await attempt(owner.email, "right-password", "198.51.100.77");
    expect(ownerLogin).toEqual({ outcome: "ok", waits: [1000] });
    // The owner's success does not wipe out the failures from elsewhere: guessing stays slow.
    expect((await attempt(owner.email, "guess", "192.0.2.201")).waits).toEqual([1000]);
  });

  it("refuses (429) an address that failed 10 times on an account, even with the right password; other addresses get in", async () => {
    const owner = await newUser();
    const ip = "203.0.113.9";
    for (let i = 0; i < 10; i++) expect((await attempt(owner.email, "guess", ip)).outcome).toBe(401);
    const refused = await loginWithPassword(
      { email: owner.email, password: "right-password", ip },
      async () => {},
    ).catch((e) => e);
    expect(refused).toBeInstanceOf(RateLimitError);
    expect(refused).toMatchObject({ status: 429, headers: { "Retry-After": expect.stringMatching(/^\d+$/) } });
    expect((await attempt(owner.email, "right-password", "203.0.113.10")).outcome).toBe("ok");
    // The same address may still try other accounts (below its overall limit).
    expect((await attempt((await newUser()).email, "right-password", ip)).outcome).toBe("ok");
  });

  it("a success clears the address's failures on the account", async () => {
    const owner = await newUser();
    const ip = "203.0.113.20";
    for (let i = 0; i < 9; i++) await attempt(owner.email, "guess", ip);
    expect((await attempt(owner.email, "right-password", ip)).outcome).toBe("ok");
    for (let i = 0; i < 10; i++) expect((await attempt(owner.email, "guess", ip)).outcome).toBe(401);
    expect((await attempt(owner.email, "guess", ip)).outcome).toBe(429);
  }, 30_000); // 21 bcrypt comparisons

  it("refuses (429) an address with 50 failures overall, whichever accounts it tried", async () => {
    const ip = "203.0.113.30";
    for (let i = 0; i < 50; i++) expect((await attempt(`nobody-${i}@example.com`, "guess", ip)).outcome).toBe(401);
    const owner = await newUser();
    expect((await attempt(owner.email, "right-password", ip)).outcome).toBe(429);
    expect((await attempt(owner.email, "right-password", "203.0.113.31")).outcome).toBe("ok");
  }, 30_000); // 50 bcrypt comparisons

  it("counts a burst sent at once in full", async () => {
    const owner = await newUser();
    const outcomes = await Promise.all(Array.from({ length: 15 }, () => attempt(owner.email, "guess", "203.0.113.40")));
    expect(outcomes.filter((o) => o.outcome === 401)).toHaveLength(10);
    expect(outcomes.filter((o) => o.outcome === 429)).toHaveLength(5);
  });
});
