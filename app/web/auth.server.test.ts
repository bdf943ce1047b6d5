import { describe, expect, it } from "vitest";
import { createUser } from "../../tests/unit/fixtures";
import { listSessions } from "~/models/accounts";
import { endCurrentSession, getSignIn, requireSignIn, startUserSession } from "./auth.server";
import { sessionStorage } from "./session.server";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";
const request = (headers: Record<string, string> = {}) =>
  new Request("http://shop.test/me", { headers: { "User-Agent": CHROME, ...headers } });
const cookieOf = (setCookie: string) => setCookie.split(";")[0];

async function signedIn(userId: string) {
  const started = await startUserSession(request(), { id: userId }, "203.0.113.8");
  return { cookie: cookieOf(started.cookie), bearer: `Bearer ${await started.token()}` };
}

describe("sessions on the HTTP edge", () => {
  it("the cookie and the bearer token name one server-side session, labelled with the device and IP", async () => {
    const userId = await createUser("Edge User");
    const { cookie, bearer } = await signedIn(userId);
    const byCookie = await getSignIn(request({ Cookie: cookie }));
    const byToken = await getSignIn(request({ Authorization: bearer }));
    expect(byCookie?.user.id).toBe(userId);
    expect(byToken?.session.id).toBe(byCookie?.session.id);
    expect(await listSessions(userId)).toMatchObject([{ device: "Chrome 156 on Linux", ip: "203.0.113.8" }]);
    expect(await getSignIn(request({ Authorization: "Bearer forged.token.value" }))).toBeNull();
  });

  it("a session cookie whose signature does not match signs no one in, even after the genuine one was read", async () => {
    const userId = await createUser();
    const { cookie } = await signedIn(userId);
    expect((await getSignIn(request({ Cookie: `other=1; ${cookie}` })))?.user.id).toBe(userId);
    const [name, value] = cookie.split("=");
    const tampered = `${name}=${value.slice(0, -2)}${value.endsWith("AA") ? "BB" : "AA"}`;
    expect(await getSignIn(request({ Cookie: tampered }))).toBeNull();
    expect(await getSignIn(request({ Cookie: "shop_session=" }))).toBeNull();
    expect((await getSignIn(request({ Cookie: cookie })))?.user.id).toBe(userId);
  });

  it("logout ends the session: a saved copy of the cookie and the token no longer sign in", async () => {
    const { cookie, bearer } = await signedIn(await createUser());
    const cleared = await endCurrentSession(request({ Cookie: cookie }));
    expect(cleared).toMatch(/^shop_session=;.*Expires=Thu, 01 Jan 1970/);
    expect(await getSignIn(request({ Cookie: cookie }))).toBeNull();
    expect(await getSignIn(request({ Authorization: bearer }))).toBeNull();
  });

  it("signing in again from the same browser ends the session it had (a new secret each time)", async () => {
    const userId = await createUser();
    const first = await signedIn(userId);
    const again = await startUserSession(request({ Cookie: first.cookie }), { id: userId }, "203.0.113.8");
    expect(await getSignIn(request({ Cookie: first.cookie }))).toBeNull();
    expect(await getSignIn(request({ Cookie: cookieOf(again.cookie) }))).not.toBeNull();
    expect(await listSessions(userId)).toHaveLength(1);
  });

  it("a visitor's Google sign-in state is replaced by the session at sign-in", async () => {
    const visitor = await sessionStorage.getSession();
    visitor.set("oauth2:state", "state-123");
    const visitorCookie = cookieOf(await sessionStorage.commitSession(visitor));
    const started = await startUserSession(
      request({ Cookie: visitorCookie }),
      { id: await createUser() },
      "203.0.113.8",
    );
    const stored = await sessionStorage.getSession(cookieOf(started.cookie));
    expect(stored.has("oauth2:state")).toBe(false);
    expect(stored.get("sessionKey")).toMatch(/^[a-f0-9]{64}$/);
  });

  it("a page that needs an account sends an ended session's browser to login and drops its cookie", async () => {
    const { cookie } = await signedIn(await createUser());
    await endCurrentSession(request({ Cookie: cookie }));
    const thrown = await requireSignIn(request({ Cookie: cookie })).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.headers.get("Location")).toBe("/lgn?redirectTo=%2Fme");
    expect(response.headers.getSetCookie().some((c) => /^shop_session=;/.test(c))).toBe(true);
  });
});
