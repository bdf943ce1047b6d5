import fs from "node:fs";
import { expect, test, type APIRequestContext } from "../support/openapi-check";
import type { PlaywrightWorkerArgs } from "@playwright/test";
import { SignJWT, importJWK } from "jose";
import {
  DEMO_ADMIN,
  DEMO_SHOPPER,
  RESET_MAIL_SUBJECT,
  WELCOME_MAIL_SUBJECT,
  attackAccount,
  resetLinkIn,
  timed,
  uniqueEmail,
  waitForMail,
  waitForMails,
} from "../support/accounts";
import { e2eEnv } from "../support/env";
import { startOwnShop } from "../support/own-shop";
import { pngBomb } from "../support/png-bomb";

const PNG_1PX = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

async function register(request: APIRequestContext, extra: Record<string, unknown> = {}) {
  const account = { name: "Api Person", email: uniqueEmail("api"), password: "api-password-1", ...extra };
  const response = await request.post("/api/v1/register", { data: account });
  expect(response.status()).toBe(201);
  type UserJson = { _id: string; email: string; avatar: { url: string } };
  const body = (await response.json()) as { success: boolean; token: string; user: UserJson };
  return { ...account, body };
}

async function expectError(
  response: Awaited<ReturnType<APIRequestContext["get"]>>,
  status: number,
  message: string | RegExp,
) {
  expect(response.status()).toBe(status);
  const body = (await response.json()) as { success: boolean; message: string };
  expect(body.success).toBe(false);
  expect(body.message).toMatch(message);
}

test("POST /register creates the account, signs in, and never shows the password", async ({ request }) => {
  const { body, email } = await register(request, { avatar: `data:image/png;base64,${PNG_1PX.toString("base64")}` });
  expect(body).toMatchObject({ success: true, user: { email, name: "Api Person", role: "user", googleSignIn: false } });
  expect(body.user.avatar.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/uploads\/avatars\/.+\.webp$/);
  expect(JSON.stringify(body)).not.toMatch(/password|hash|\$2[aby]\$/i);
  const me = await request.get("/api/v1/me");
  expect((await me.json()).user.email).toBe(email);
  const welcome = await waitForMail(email, WELCOME_MAIL_SUBJECT);
  expect(welcome.alternative).toBe(true);
  expect(welcome.text).toContain("Welcome to ShopIT!");
  // Issue 23, item 7: the API registers any address; its welcome carries nothing the registrant typed.
  for (const part of [welcome.text, welcome.html]) expect(part).not.toContain("Api Person");
});

test("POST /register refuses bad input with the field's message", async ({ request }) => {
  await expectError(
    await request.post("/api/v1/register", { data: { email: "a@b.co", password: "longenough" } }),
    400,
    "Please enter your name",
  );
  await expectError(
    await request.post("/api/v1/register", { data: { name: "x".repeat(31), email: "a@b.co", password: "longenough" } }),
    400,
    "Your name cannot exceed 30 characters",
  );
  await expectError(
    await request.post("/api/v1/register", { data: { name: "A", email: "nope", password: "longenough" } }),
    400,
    "Please enter valid email address",
  );
  await expectError(
    await request.post("/api/v1/register", { data: { name: "A", email: uniqueEmail(), password: "short" } }),
    400,
    "at least 8 characters",
  );
  await expectError(
    await request.post("/api/v1/register", {
      data: { name: "A", email: DEMO_SHOPPER.email.toUpperCase(), password: "longenough" },
    }),
    409,
    "already registered",
  );
  await expectError(
    await request.post("/api/v1/register", {
      data: {
        name: "A",
        email: uniqueEmail(),
        password: "longenough",
        avatar: "data:image/png;base64,bm90IGFuIGltYWdl",
      },
    }),
    400,
    "JPEG, PNG or WebP",
  );
  await expectError(
    await request.post("/api/v1/register", { headers: { "Content-Type": "application/json" }, data: "[1,2]" }),
    400,
    "JSON object",
  );
});

test("POST /register takes a multipart avatar too", async ({ request }) => {
  const response = await request.post("/api/v1/register", {
    multipart: {
      name: "Multi Part",
      email: uniqueEmail(),
      password: "password-123",
      avatar: { name: "a.png", mimeType: "image/png", buffer: PNG_1PX },
    },
  });
  expect(response.status()).toBe(201);
  expect((await response.json()).user.avatar.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/uploads\/avatars\//);
});

test("an avatar over 10 MB is refused with a clear message", async ({ request }) => {
  const big = Buffer.alloc(10 * 1024 * 1024 + 10, 1);
  const response = await request.post("/api/v1/register", {
    multipart: {
      name: "Too Big",
      email: uniqueEmail(),
      password: "password-123",
      avatar: { name: "big.png", mimeType: "image/png", buffer: big },
    },
  });
  await expectError(response, 413, "Images can be at most 10 MB.");
});

test("a decompression bomb as an avatar data URL (a 30 KB PNG of 16,000 × 16,000 pixels) is refused with 400; no account is made", async ({
  request,
}) => {
  const email = uniqueEmail("bomb");
  const avatar = `data:image/png;base64,${pngBomb().toString("base64")}`;
  const response = await request.post("/api/v1/register", {
    data: { name: "Bomb Thrower", email, password: "bomb-password-1", avatar },
  });
  await expectError(response, 400, "This image is 16,000 × 16,000 pixels; images can be at most 50 megapixels.");
  const login = await request.post("/api/v1/login", { data: { email, password: "bomb-password-1" } });
  expect(login.status()).toBe(401);
});

test("POST /register tells whether an address has an account (409), so each client address gets 10 tries per 15 minutes, then 429 with Retry-After", async ({
  playwright,
}) => {
  test.setTimeout(120_000);
  // A shop of its own at the default limit: the shared shop lifts it for the many registrations of the suite.
  const shop = await startOwnShop({ RATE_LIMIT_API_REGISTRATIONS_PER_IP: "10" });
  const client = await playwright.request.newContext({ baseURL: shop.base });
  try {
    const prober = { "X-Forwarded-For": "198.18.250.1" };
    const known = { name: "Known Person", email: uniqueEmail("known"), password: "known-password-1" };
    const registration = (email: string, headers = prober) =>
      client.post("/api/v1/register", { headers, data: { ...known, email } });
    expect((await registration(known.email)).status()).toBe(201);
    for (let i = 1; i < 10; i++)
      await expectError(await registration(known.email), 409, "This e-mail is already registered");
    for (const email of [known.email, uniqueEmail("fresh")]) {
      const limited = await registration(email);
      await expectError(limited, 429, /^Too many attempts\. Please try again in \d+ minutes?\.$/);
      expect(Number(limited.headers()["retry-after"])).toBeGreaterThan(0);
    }
    // Another client address is still answered.
    await expectError(
      await registration(known.email, { "X-Forwarded-For": "198.18.250.2" }),
      409,
      "This e-mail is already registered",
    );
  } finally {
    await client.dispose();
    await shop.stop();
  }
});

test("POST /login: success, missing fields, wrong password", async ({ request }) => {
  const ok = await request.post("/api/v1/login", {
    data: { email: DEMO_SHOPPER.email, password: DEMO_SHOPPER.password },
  });
  expect(ok.status()).toBe(200);
  const body = await ok.json();
  expect(body).toMatchObject({ success: true, user: { email: DEMO_SHOPPER.email } });
  expect(typeof body.token).toBe("string");
  await expectError(
    await request.post("/api/v1/login", { data: { email: DEMO_SHOPPER.email } }),
    400,
    "Please enter email & password",
  );
  await expectError(
    await request.post("/api/v1/login", { data: { email: DEMO_SHOPPER.email, password: "nope-nope" } }),
    401,
    "Invalid Email or Password",
  );
  await expectError(
    await request.post("/api/v1/login", { data: { email: "ghost@example.com", password: "nope-nope" } }),
    401,
    "Invalid Email or Password",
  );
});

let address = 0;
/** A client address of its own (the shop trusts X-Forwarded-For from loopback, as behind a proxy). */
const from = () => ({ "X-Forwarded-For": `198.18.${Math.floor(++address / 250) % 250}.${address % 250}` });

test("POST /login: an address that failed 10 times on an account gets 429, even with the right password", async ({
  request,
}) => {
  const { email, password } = await register(request);
  const guesser = from();
  for (let i = 0; i < 10; i++) {
    expect(
      (await request.post("/api/v1/login", { headers: guesser, data: { email, password: "wrong-guess" } })).status(),
    ).toBe(401);
  }
  const limited = await request.post("/api/v1/login", { headers: guesser, data: { email, password } });
  await expectError(limited, 429, /Too many attempts/);
  expect(Number(limited.headers()["retry-after"])).toBeGreaterThan(0);
  // The owner, from an address of their own, still gets in.
  expect((await request.post("/api/v1/login", { headers: from(), data: { email, password } })).status()).toBe(200);
});

// The shop serves with one worker process per core (two here), and the operating system hands each
// new connection to the next worker: requests on connections of their own reach them in turn.
async function onFreshConnections<T>(
  playwright: PlaywrightWorkerArgs["playwright"],
  baseURL: string | undefined,
  send: (request: APIRequestContext) => Promise<T>,
): Promise<T> {
  const fresh = await playwright.request.newContext({ baseURL });
  try {
    return await send(fresh);
  } finally {
    await fresh.dispose();
  }
}

test("POST /login: one address's failures reach the limit at exactly 10, whichever worker answers each", async ({
  request,
  playwright,
  baseURL,
}) => {
  const { email, password } = await register(request);
  const guesser = from();
  const attempt = (tried: string) =>
    onFreshConnections(playwright, baseURL, async (fresh) =>
      (await fresh.post("/api/v1/login", { headers: guesser, data: { email, password: tried } })).status(),
    );
  for (let i = 0; i < 10; i++) expect(await attempt("wrong-guess")).toBe(401);
  expect(await attempt(password)).toBe(429);
  expect(await attempt(password)).toBe(429);
});

test("a session ended through one worker is ended on all of them at once", async ({ request, playwright, baseURL }) => {
  const { email, password } = await register(request);
  const login = await request.post("/api/v1/login", { headers: from(), data: { email, password } });
  const bearer = { Authorization: `Bearer ${(await login.json()).token}` };
  const me = () =>
    onFreshConnections(playwright, baseURL, async (fresh) =>
      (await fresh.get("/api/v1/me", { headers: bearer })).status(),
    );
  for (let i = 0; i < 4; i++) expect(await me()).toBe(200);
  expect(
    await onFreshConnections(playwright, baseURL, async (fresh) =>
      (await fresh.get("/api/v1/logout", { headers: bearer })).status(),
    ),
  ).toBe(200);
  for (let i = 0; i < 4; i++) expect(await me()).toBe(401);
});

test("POST /login: 10 wrong passwords from rotating addresses do not lock the owner out", async ({ request }) => {
  const { email, password } = await register(request);
  for (let i = 0; i < 10; i++) {
    expect(
      (await request.post("/api/v1/login", { headers: from(), data: { email, password: "wrong-guess" } })).status(),
    ).toBe(401);
  }
  const owner = await request.post("/api/v1/login", { headers: from(), data: { email, password } });
  expect(owner.status()).toBe(200);
  expect((await owner.json()).user.email).toBe(email);
});

test("POST /login under attack: the client that logged in before gets in at once, another client waits", async ({
  request,
  playwright,
  baseURL,
}) => {
  const { email, password } = await register(request);
  expect(await request.storageState()).toMatchObject({
    cookies: expect.arrayContaining([expect.objectContaining({ name: "shop_device", httpOnly: true })]),
  });
  const attack = await attackAccount(playwright, baseURL, email);
  let status = 0;
  expect(
    await timed(async () => (status = (await request.post("/api/v1/login", { data: { email, password } })).status())),
  ).toBeLessThan(2000);
  expect(status).toBe(200);
  await onFreshConnections(playwright, baseURL, async (fresh) => {
    expect(
      await timed(
        async () =>
          (status = (await fresh.post("/api/v1/login", { data: { email, password }, timeout: 20_000 })).status()),
      ),
    ).toBeGreaterThan(5000);
  });
  expect(status).toBe(200);
  await attack.answered;
});

test("POST /login with a Google credential verified against the provider's keys", async ({ request }) => {
  const { jwk, issuer } = JSON.parse(fs.readFileSync(e2eEnv().googleKeyFile, "utf8"));
  const key = await importJWK(jwk, "RS256");
  const email = uniqueEmail("idtoken");
  const token = (aud: string) =>
    new SignJWT({ email, email_verified: true, name: "Id Token" })
      .setProtectedHeader({ alg: "RS256", kid: jwk.kid })
      .setIssuer(issuer)
      .setAudience(aud)
      .setSubject(`sub-${email}`)
      .setIssuedAt()
      .setExpirationTime("5m")
      .sign(key);

  const ok = await request.post("/api/v1/login", { data: { credential: await token(e2eEnv().googleClientId) } });
  expect(ok.status()).toBe(200);
  expect((await ok.json()).user).toMatchObject({ email, googleSignIn: true, name: "Id Token" });

  await expectError(
    await request.post("/api/v1/login", { data: { credential: await token("someone-else") } }),
    401,
    "invalid or has expired",
  );
  await expectError(
    await request.post("/api/v1/login", { data: { credential: "not.a.jwt" } }),
    401,
    "invalid or has expired",
  );
});

test("GET /me needs a session; GET /logout ends it, and a copy of the cookie saved before no longer works", async ({
  request,
  playwright,
  baseURL,
}) => {
  await expectError(await request.get("/api/v1/me"), 401, "Login first to access this resource.");
  const { body } = await register(request);
  expect((await request.get("/api/v1/me")).status()).toBe(200);
  const saved = await request.storageState();
  const out = await request.get("/api/v1/logout");
  expect(await out.json()).toMatchObject({ success: true, message: "Logged out successfully." });
  await expectError(await request.get("/api/v1/me"), 401, "Login first to access this resource.");

  const replay = await playwright.request.newContext({ baseURL, storageState: saved });
  await expectError(await replay.get("/api/v1/me"), 401, "Login first to access this resource.");
  // The token answered with that sign-in belonged to the same session.
  await expectError(
    await replay.get("/api/v1/me", { headers: { Authorization: `Bearer ${body.token}` } }),
    401,
    "Login first",
  );
  await replay.dispose();
});

test("GET /logout started by another site (a link, an image) is refused and the session kept; from the shop, or from no browser, it logs out", async ({
  request,
  baseURL,
}) => {
  await register(request);
  const shop = new URL(baseURL!).origin;
  const crossSite: Record<string, string>[] = [
    { "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document" },
    { "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Dest": "image", Referer: `${shop}/` },
    { Referer: "http://evil.example/page" },
    { Referer: "not a url" },
    { Origin: "http://evil.example" },
    { Origin: "null" },
  ];
  for (const headers of crossSite) {
    const refused = await request.get("/api/v1/logout", { headers });
    await expectError(refused, 403, "started by another site, so the shop did not act on it: you are still signed in");
    expect(refused.headers()["set-cookie"], JSON.stringify(headers)).toBeUndefined();
    expect((await request.get("/api/v1/me")).status(), JSON.stringify(headers)).toBe(200);
  }
  const allowed: Record<string, string>[] = [
    { "Sec-Fetch-Site": "same-origin", Referer: `${shop}/me` },
    // Same site (another port or subdomain of it) and typed into the address bar: as before.
    { "Sec-Fetch-Site": "same-site", Referer: "http://127.0.0.1:1/" },
    { "Sec-Fetch-Site": "none" },
    { Referer: `${shop}/me`, Origin: shop },
    // The specification's client, or curl: no such header at all.
    {},
  ];
  for (const headers of allowed) {
    await register(request);
    expect((await request.get("/api/v1/me")).status(), JSON.stringify(headers)).toBe(200);
    const out = await request.get("/api/v1/logout", { headers });
    expect(await out.json(), JSON.stringify(headers)).toMatchObject({
      success: true,
      message: "Logged out successfully.",
    });
    await expectError(await request.get("/api/v1/me"), 401, "Login first to access this resource.");
  }
});

test("a bearer token dies with its session: GET /logout with the token ends it", async ({
  request,
  playwright,
  baseURL,
}) => {
  const { email, password } = await register(request);
  const login = await request.post("/api/v1/login", { headers: from(), data: { email, password } });
  const bearer = { Authorization: `Bearer ${(await login.json()).token}` };
  // A client that holds only the token (no cookie).
  const client = await playwright.request.newContext({ baseURL });
  expect((await client.get("/api/v1/me", { headers: bearer })).status()).toBe(200);
  expect((await client.get("/api/v1/logout", { headers: bearer })).status()).toBe(200);
  await expectError(await client.get("/api/v1/me", { headers: bearer }), 401, "Login first");
  await client.dispose();
  // The cookie answered with that token named the same session: it ended too.
  await expectError(await request.get("/api/v1/me"), 401, "Login first");
});

test("PUT /password/change returns a bearer token; log out other devices ends older tokens", async ({
  request,
  playwright,
  baseURL,
}) => {
  const account = await register(request);
  const oldToken = account.body.token as string;
  const otherDevice = await playwright.request.newContext({ baseURL });
  const { token: otherToken } = await (
    await otherDevice.post("/api/v1/login", { data: { email: account.email, password: account.password } })
  ).json();
  await expectError(
    await request.put("/api/v1/password/change", {
      data: { currentPassword: "wrong-one", newPassword: "new-password-1", confirmNewPassword: "new-password-1" },
    }),
    400,
    "Old password is incorrect",
  );
  await expectError(
    await request.put("/api/v1/password/change", {
      data: { currentPassword: account.password, newPassword: "new-password-1", confirmNewPassword: "different-1" },
    }),
    400,
    "Passwords do not match",
  );
  await expectError(
    await request.put("/api/v1/password/change", {
      data: { currentPassword: account.password, newPassword: "short", confirmNewPassword: "short" },
    }),
    400,
    "at least 8 characters",
  );
  await expectError(await request.post("/api/v1/password/change", { data: {} }), 405, "not allowed");

  const changed = await request.put("/api/v1/password/change", {
    data: {
      currentPassword: account.password,
      newPassword: "new-password-1",
      confirmNewPassword: "new-password-1",
      logoutOtherDevices: true,
    },
  });
  expect(changed.status()).toBe(200);
  const { token, message } = await changed.json();
  expect(message).toBe("Password updated successfully");

  // The other device's cookie and token are signed out; this client's session was renewed.
  await expectError(await otherDevice.get("/api/v1/me"), 401, "Login first");
  await otherDevice.dispose();
  expect((await request.get("/api/v1/me")).status()).toBe(200);
  const outsider = await playwright.request.newContext({ baseURL });
  await expectError(
    await outsider.get("/api/v1/me", { headers: { Authorization: `Bearer ${otherToken}` } }),
    401,
    "Login first",
  );
  const withNew = await outsider.get("/api/v1/me", { headers: { Authorization: `Bearer ${token}` } });
  expect((await withNew.json()).user.email).toBe(account.email);
  await expectError(
    await outsider.get("/api/v1/me", { headers: { Authorization: `Bearer ${oldToken}` } }),
    401,
    "Login first",
  );
  await expectError(
    await outsider.get("/api/v1/me", { headers: { Authorization: "Bearer forged.token.value" } }),
    401,
    "Login first",
  );
  await outsider.dispose();
});

test("password reset by API: same answer for unknown e-mails, token single use, every session ends", async ({
  request,
}) => {
  const account = await register(request);
  const token = account.body.token;
  const unknown = await request.post("/api/v1/password/reset", { data: { email: "nobody-at-all@example.com" } });
  const known = await request.post("/api/v1/password/reset", { data: { email: account.email } });
  expect(unknown.status()).toBe(200);
  expect(known.status()).toBe(200);
  expect((await unknown.json()).message.replace("nobody-at-all@example.com", "X")).toBe(
    (await known.json()).message.replace(account.email, "X"),
  );
  await expectError(
    await request.post("/api/v1/password/reset", { data: { email: "bad" } }),
    400,
    "Please enter valid email address",
  );

  const path = resetLinkIn(await waitForMail(account.email, RESET_MAIL_SUBJECT)).replace(
    "/password/reset/",
    "/api/v1/password/reset/",
  );
  await expectError(
    await request.put(path, { data: { password: "fresh-pass-1", confirmPassword: "fresh-pass-2" } }),
    400,
    "Passwords do not match",
  );
  // Not ticking "log out other devices" changes nothing: a reset ends every session.
  expect(
    (
      await request.put(path, {
        data: { password: "fresh-pass-1", confirmPassword: "fresh-pass-1", logoutOtherDevices: false },
      })
    ).status(),
  ).toBe(200);
  await expectError(await request.get("/api/v1/me"), 401, "Login first");
  await expectError(
    await request.get("/api/v1/me", { headers: { Authorization: `Bearer ${token}` } }),
    401,
    "Login first",
  );
  await expectError(
    await request.put(path, { data: { password: "fresh-pass-1", confirmPassword: "fresh-pass-1" } }),
    400,
    "invalid or has already been used",
  );
  await expectError(
    await request.put("/api/v1/password/reset/deadbeef", {
      data: { password: "fresh-pass-1", confirmPassword: "fresh-pass-1" },
    }),
    400,
    "invalid",
  );
  expect(
    (await request.post("/api/v1/login", { data: { email: account.email, password: "fresh-pass-1" } })).status(),
  ).toBe(200);
});

test("of two reset links, once the newer is used the older one is refused", async ({ request }) => {
  const account = await register(request);
  for (let i = 0; i < 2; i++)
    expect((await request.post("/api/v1/password/reset", { data: { email: account.email } })).status()).toBe(200);
  const [older, newer] = (await waitForMails(account.email, RESET_MAIL_SUBJECT, 2)).map((mail) =>
    resetLinkIn(mail).replace("/password/reset/", "/api/v1/password/reset/"),
  );
  expect(older).not.toBe(newer);
  expect(
    (await request.put(newer, { data: { password: "newer-pass-1", confirmPassword: "newer-pass-1" } })).status(),
  ).toBe(200);
  await expectError(
    await request.put(older, { data: { password: "older-pass-1", confirmPassword: "older-pass-1" } }),
    400,
    "invalid or has already been used",
  );
  expect(
    (await request.post("/api/v1/login", { data: { email: account.email, password: "older-pass-1" } })).status(),
  ).toBe(401);
  expect(
    (await request.post("/api/v1/login", { data: { email: account.email, password: "newer-pass-1" } })).status(),
  ).toBe(200);
});

test("PUT /me/update changes name, e-mail and avatar; a taken e-mail is 409", async ({ request }) => {
  await expectError(
    await request.put("/api/v1/me/update", { multipart: { name: "X", email: "x@example.com" } }),
    401,
    "Login first",
  );
  await register(request);
  const email = uniqueEmail("updated");
  const updated = await request.put("/api/v1/me/update", {
    multipart: { name: "New Name", email, avatar: { name: "a.png", mimeType: "image/png", buffer: PNG_1PX } },
  });
  expect(updated.status()).toBe(200);
  expect((await updated.json()).user).toMatchObject({ name: "New Name", email });
  await expectError(
    await request.put("/api/v1/me/update", { multipart: { name: "New Name", email: DEMO_ADMIN.email } }),
    409,
    "already registered",
  );
  await expectError(
    await request.put("/api/v1/me/update", { multipart: { name: "", email } }),
    400,
    "Please enter your name",
  );
});

test("admin user calls: 401 for visitors, 403 for users, full CRUD for admins", async ({
  request,
  playwright,
  baseURL,
}) => {
  await expectError(await request.get("/api/v1/admin/users"), 401, "Login first to access this resource.");
  const shopper = await playwright.request.newContext({ baseURL });
  const victim = await register(shopper);
  await expectError(
    await shopper.get("/api/v1/admin/users"),
    403,
    "Role (user) is not allowed to access this resource",
  );

  const admin = await playwright.request.newContext({ baseURL });
  const login = await admin.post("/api/v1/login", { data: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password } });
  const adminId = (await login.json()).user._id;
  const list = await (await admin.get("/api/v1/admin/users")).json();
  expect(list.users.some((u: { email: string }) => u.email === victim.email)).toBe(true);
  expect(JSON.stringify(list)).not.toMatch(/passwordHash|\$2[aby]\$/);

  const id = victim.body.user._id;
  expect((await (await admin.get(`/api/v1/admin/user/${id}`)).json()).user.email).toBe(victim.email);
  await expectError(await admin.get("/api/v1/admin/user/unknown"), 404, "User not found");
  await expectError(
    await admin.put(`/api/v1/admin/user/${id}`, { data: { name: "V", email: victim.email, role: "owner" } }),
    400,
    "Role must be user or admin",
  );
  await expectError(
    await admin.put(`/api/v1/admin/user/${adminId}`, {
      data: { name: "Demo Admin", email: DEMO_ADMIN.email, role: "user" },
    }),
    400,
    "own account",
  );
  await expectError(await admin.delete(`/api/v1/admin/user/${adminId}`), 400, "own account");

  // A new name keeps the account signed in; a new role signs it out everywhere.
  expect(
    (
      await admin.put(`/api/v1/admin/user/${id}`, {
        data: { name: "Victim Renamed", email: victim.email, role: "user" },
      })
    ).status(),
  ).toBe(200);
  expect((await shopper.get("/api/v1/me")).status()).toBe(200);
  const promoted = await admin.put(`/api/v1/admin/user/${id}`, {
    data: { name: "Victim Promoted", email: victim.email, role: "admin" },
  });
  expect((await promoted.json()).user).toMatchObject({ name: "Victim Promoted", role: "admin" });
  await expectError(await shopper.get("/api/v1/me"), 401, "Login first");
  await expectError(
    await shopper.get("/api/v1/me", { headers: { Authorization: `Bearer ${victim.body.token}` } }),
    401,
    "Login first",
  );

  // Signed in again, then deleted: that session ends too.
  expect(
    (await shopper.post("/api/v1/login", { data: { email: victim.email, password: victim.password } })).status(),
  ).toBe(200);
  expect((await shopper.get("/api/v1/me")).status()).toBe(200);
  const deleted = await admin.delete(`/api/v1/admin/user/${id}`);
  expect(await deleted.json()).toMatchObject({ success: true, message: "User deleted successfully" });
  await expectError(await admin.get(`/api/v1/admin/user/${id}`), 404, "User not found");
  // The deleted user's session no longer counts.
  await expectError(await shopper.get("/api/v1/me"), 401, "Login first");
  await shopper.dispose();
  await admin.dispose();
});
