import { describe, expect, it } from "vitest";
import { INVALID_LOGIN, loginWithPassword, createUser } from "~/models/accounts";
import { DEVICE_FAILURES } from "~/models/platform";
import { deviceOf, issueDeviceCookie } from "./device-cookie.server";

// Issue 23, item 6: 16 failed logins from 16 addresses slowed every login to the account down,
// the owner's included. A browser that signed in to the account before is not slowed down.
let n = 0;
let address = 0;
const newUser = () =>
  createUser({ name: "Owner", email: `device-${++n}-${Date.now()}@example.com`, password: "right-password" });
const nextIp = () => `198.18.${Math.floor(++address / 250) % 250}.${address % 250}`;

/** The request a browser holding this Set-Cookie header sends next. */
const browserWith = (setCookie: string) =>
  new Request("http://shop.test/lgn", { headers: { Cookie: setCookie.split(";")[0] } });

/** Logs in with the device cookie the browser carries (if any), recording the waits instead of sleeping. */
async function attempt(email: string, password: string, browser?: Request) {
  const waits: number[] = [];
  const device = browser ? await deviceOf(browser) : null;
  const outcome = await loginWithPassword({ email, password, ip: nextIp(), device }, async (ms) => waits.push(ms)).then(
    () => "ok" as const,
    (error) => {
      if (error.message === INVALID_LOGIN) return 401 as const;
      throw error;
    },
  );
  return { outcome, waits };
}

async function underAttack(email: string) {
  for (let i = 0; i < 16; i++) expect((await attempt(email, "guess")).outcome).toBe(401);
}

describe("device cookies", () => {
  it("name the account, signed: a changed or unsigned cookie names nothing", async () => {
    const setCookie = await issueDeviceCookie("user-1");
    expect(setCookie).toMatch(/^shop_device=[^;]+; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(await deviceOf(browserWith(setCookie))).toEqual({
      userId: "user-1",
      nonce: expect.stringMatching(/^[\w-]{22}$/),
    });
    const [value] = setCookie.split(";")[0].split("=").slice(1);
    const payload = value.slice(0, value.lastIndexOf("."));
    const forged = btoa(JSON.stringify({ userId: "user-2", nonce: "x" }));
    expect(await deviceOf(browserWith(`shop_device=${forged}.${value.slice(value.lastIndexOf(".") + 1)}`))).toBeNull();
    expect(await deviceOf(browserWith(`shop_device=${payload}`))).toBeNull();
    expect(await deviceOf(new Request("http://shop.test/lgn"))).toBeNull();
  });

  it("under attack (16 failures from 16 addresses) the owner's browser logs in without waiting; another browser still waits", async () => {
    const owner = await newUser();
    const ownersBrowser = browserWith(await issueDeviceCookie(owner.id));
    await underAttack(owner.email);
    expect(await attempt(owner.email, "right-password", ownersBrowser)).toEqual({ outcome: "ok", waits: [] });
    const elsewhere = await attempt(owner.email, "right-password");
    expect(elsewhere.outcome).toBe("ok");
    expect(elsewhere.waits).toHaveLength(1);
    expect(elsewhere.waits[0]).toBeGreaterThanOrEqual(8000);
  });

  it("a device cookie for another account does not help", async () => {
    const owner = await newUser();
    const other = await newUser();
    await underAttack(owner.email);
    const othersBrowser = browserWith(await issueDeviceCookie(other.id));
    const { outcome, waits } = await attempt(owner.email, "right-password", othersBrowser);
    expect(outcome).toBe("ok");
    expect(waits[0]).toBeGreaterThanOrEqual(8000);
  });

  it(`a cookie that failed ${DEVICE_FAILURES} times no longer helps, so a stolen one cannot guess freely`, async () => {
    const owner = await newUser();
    const stolen = browserWith(await issueDeviceCookie(owner.id));
    await underAttack(owner.email);
    for (let i = 0; i < DEVICE_FAILURES; i++)
      expect(await attempt(owner.email, "guess", stolen)).toEqual({ outcome: 401, waits: [] });
    const next = await attempt(owner.email, "guess", stolen);
    expect(next.outcome).toBe(401);
    expect(next.waits[0]).toBeGreaterThanOrEqual(8000);
    // The owner's other browser, with a cookie of its own, still gets in at once.
    expect(await attempt(owner.email, "right-password", browserWith(await issueDeviceCookie(owner.id)))).toEqual({
      outcome: "ok",
      waits: [],
    });
  }, 30_000);
});
