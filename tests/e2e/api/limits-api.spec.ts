import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { expect, test, rawRequest } from "../support/openapi-check";
import { DEMO_ADMIN, uniqueEmail } from "../support/accounts";
import { cookieHeader } from "../support/raw-http";
import { CATALOGUE_WRITE } from "../support/catalogue-write";

// Issue 11: bodies are limited before they are parsed (413 with a message), and writes
// authenticated by a cookie are refused from other origins (bearer calls are exempt).

// Raw HTTP at the shop's own edge (bodies refused before they are read, hostile bytes). Under
// npm run test:scale these go to a node directly: HAProxy 2.6 closes a client's connection after an
// early answer to an upload it has not finished sending (haproxy issue #188, by design; 3.0 drains
// it), so through it the answer can be lost to the reset: the balancer's edge, not the shop's.
if (process.env.E2E_NODE_URL) test.use({ baseURL: process.env.E2E_NODE_URL });

const jpeg = fs.readFileSync(path.resolve("public/images/default_avatar.jpg"));
const json = { "Content-Type": "application/json" };
const MB = 1024 * 1024;

function multipart(parts: { name: string; value?: string; file?: Buffer; filename?: string }[]) {
  const boundary = `limits${Date.now()}`;
  const chunks = parts.flatMap((p) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${p.file ? `; filename="${p.filename ?? "a.jpg"}"\r\nContent-Type: image/jpeg` : ""}\r\n\r\n`,
    ),
    p.file ?? Buffer.from(p.value ?? ""),
    Buffer.from("\r\n"),
  ]);
  return {
    headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
    body: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
  };
}

async function signUp(base: string) {
  const account = { name: "Limit Tester", email: uniqueEmail("limits"), password: "limits-password-1" };
  const answer = await rawRequest(base, "POST", "/api/v1/register", json, JSON.stringify(account));
  expect(answer.status).toBe(201);
  return { ...account, cookie: cookieHeader(answer) };
}

test("an idle kept-alive connection stays open 65 s, longer than clients and proxies keep theirs", async ({
  baseURL,
}) => {
  // Node's default is 5 s: a client that sent on its idle connection as the shop closed it got a reset.
  const answer = await rawRequest(baseURL!, "GET", "/healthz");
  expect(answer.status).toBe(200);
  expect(answer.headers["keep-alive"]).toBe("timeout=65");
});

test("JSON over 1 MB: 413 before it is parsed, declared or chunked; the server still answers", async ({ baseURL }) => {
  const big = JSON.stringify({ email: "a@example.com", password: "x".repeat(MB) });
  const declared = await rawRequest(
    baseURL!,
    "POST",
    "/api/v1/login",
    { ...json, "Content-Length": String(big.length) },
    big,
  );
  expect(declared.status).toBe(413);
  expect(declared.headers.connection).toBe("close");
  expect(JSON.parse(declared.body)).toEqual({
    success: false,
    message: "The request is too large: at most 1 MB can be sent at once.",
  });

  const chunked = await rawRequest(baseURL!, "POST", "/api/v1/login", { ...json, "Transfer-Encoding": "chunked" }, big);
  expect(chunked.status).toBe(413);
  expect(JSON.parse(chunked.body).message).toMatch("at most 1 MB");
  expect((await rawRequest(baseURL!, "GET", "/healthz")).status).toBe(200);
});

test("an avatar over 10 MB is drained and refused with 413; no account is made", async ({ baseURL }) => {
  const email = uniqueEmail("big-avatar");
  const form = multipart([
    { name: "name", value: "Big Avatar" },
    { name: "email", value: email },
    { name: "password", value: "big-avatar-1" },
    { name: "avatar", file: Buffer.alloc(10 * MB + 1, 7) },
  ]);
  const answer = await rawRequest(baseURL!, "POST", "/api/v1/register", form.headers, form.body);
  expect(answer.status).toBe(413);
  expect(JSON.parse(answer.body)).toEqual({ success: false, message: "Images can be at most 10 MB." });
  const login = await rawRequest(
    baseURL!,
    "POST",
    "/api/v1/login",
    json,
    JSON.stringify({ email, password: "big-avatar-1" }),
  );
  expect(login.status).toBe(401);

  const twoAvatars = multipart([
    { name: "name", value: "Two Avatars" },
    { name: "email", value: uniqueEmail() },
    { name: "password", value: "two-avatars-1" },
    { name: "avatar", file: jpeg },
    { name: "avatar", file: jpeg },
  ]);
  const refused = await rawRequest(baseURL!, "POST", "/api/v1/register", twoAvatars.headers, twoAvatars.body);
  expect(refused.status).toBe(400);
  expect(JSON.parse(refused.body).message).toBe("Please choose one image only.");
});

test("a product takes at most 10 images, as files or data URLs", { tag: CATALOGUE_WRITE }, async ({ baseURL }) => {
  const admin = cookieHeader(await rawRequest(baseURL!, "POST", "/api/v1/login", json, JSON.stringify(DEMO_ADMIN)));
  const fields = {
    name: "Many Pictures",
    price: "5",
    description: "Eleven pictures",
    category: "Electronics",
    seller: "Limits",
    stock: "1",
  };
  const files = multipart([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    ...Array.from({ length: 11 }, () => ({ name: "images", file: jpeg })),
  ]);
  const asFiles = await rawRequest(
    baseURL!,
    "POST",
    "/api/v1/admin/product/new",
    { ...files.headers, Cookie: admin },
    files.body,
  );
  expect(asFiles.status).toBe(400);
  expect(JSON.parse(asFiles.body).message).toBe("A product can have at most 10 images");

  const dataUrl = `data:image/jpeg;base64,${jpeg.toString("base64")}`;
  const body = JSON.stringify({ ...fields, images: Array.from({ length: 11 }, () => dataUrl) });
  const asDataUrls = await rawRequest(baseURL!, "POST", "/api/v1/admin/product/new", { ...json, Cookie: admin }, body);
  expect(asDataUrls.status).toBe(400);
  expect(JSON.parse(asDataUrls.body).message).toBe("A product can have at most 10 images");
  const list = JSON.parse((await rawRequest(baseURL!, "GET", "/api/v1/admin/products", { Cookie: admin })).body) as {
    products: { name: string }[];
  };
  expect(list.products.some((p) => p.name === "Many Pictures")).toBe(false);
});

test("cookie-authenticated API writes from another origin are 403; bearer calls are exempt", async ({ baseURL }) => {
  const base = baseURL!;
  const user = await signUp(base);
  const update = (headers: Record<string, string>, name: string) =>
    rawRequest(base, "PUT", "/api/v1/me/update", { ...json, ...headers }, JSON.stringify({ name, email: user.email }));

  const forged = await update({ Cookie: user.cookie, Origin: "http://evil.example" }, "Forged Name");
  expect(forged.status).toBe(403);
  expect(JSON.parse(forged.body)).toMatchObject({
    success: false,
    message: expect.stringContaining("came from another site"),
  });
  expect((await update({ Cookie: user.cookie, Origin: "null" }, "Forged Name")).status).toBe(403);
  expect(JSON.parse((await rawRequest(base, "GET", "/api/v1/me", { Cookie: user.cookie })).body).user.name).toBe(
    "Limit Tester",
  );

  expect((await update({ Cookie: user.cookie, Origin: base }, "Same Origin")).status).toBe(200);
  expect((await update({ Cookie: user.cookie }, "No Origin")).status).toBe(200);
  const login = await rawRequest(
    base,
    "POST",
    "/api/v1/login",
    json,
    JSON.stringify({ email: user.email, password: user.password }),
  );
  const token = (JSON.parse(login.body) as { token: string }).token;
  const bearer = await update({ Authorization: `Bearer ${token}`, Origin: "http://evil.example" }, "Bearer Name");
  expect(bearer.status).toBe(200);
  expect(JSON.parse(bearer.body).user.name).toBe("Bearer Name");
});

test("a page form post from another origin is a 403 page that says why; nothing changes", async ({ baseURL }) => {
  const base = baseURL!;
  const user = await signUp(base);
  const logout = await rawRequest(
    base,
    "POST",
    "/logout",
    { Cookie: user.cookie, Origin: "http://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
    "",
  );
  expect(logout.status).toBe(403);
  expect(logout.headers["content-type"]).toMatch("text/html");
  expect(logout.body).toContain(
    "This request came from another site (Origin: http://evil.example), so the shop did not act on it.",
  );
  expect(logout.headers["set-cookie"]).toBeUndefined();
  expect((await rawRequest(base, "GET", "/api/v1/me", { Cookie: user.cookie })).status).toBe(200);
});

/** The first status line the server sends for these request head bytes (no body is sent). */
function firstStatusLine(base: string, head: string): Promise<string> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(head));
    let received = "";
    socket.on("data", (chunk) => {
      received += chunk.toString("latin1");
      const end = received.indexOf("\r\n");
      if (end >= 0) {
        socket.destroy();
        resolve(received.slice(0, end));
      }
    });
    socket.on("error", reject);
  });
}

test("Expect: 100-continue: a body over the limit is refused before it is sent; one within it is asked for", async ({
  baseURL,
}) => {
  const head = (length: number) =>
    `POST /api/v1/login HTTP/1.1\r\nHost: ${new URL(baseURL!).host}\r\nContent-Type: application/json\r\n` +
    `Content-Length: ${length}\r\nExpect: 100-continue\r\n\r\n`;
  expect(await firstStatusLine(baseURL!, head(200 * MB))).toBe("HTTP/1.1 413 Payload Too Large");
  expect(await firstStatusLine(baseURL!, head(100))).toBe("HTTP/1.1 100 Continue");
});

test("a declared length over the limit is a 413 at once on every route: pages, the API, the payment sandbox's forwarder, the webhook", async ({
  baseURL,
}) => {
  // Only the head is sent: an answer before the body is the early 413 (a body parser would wait for all of it).
  const head = (path: string, type: string) =>
    `POST ${path} HTTP/1.1\r\nHost: ${new URL(baseURL!).host}\r\nContent-Type: ${type}\r\n` +
    `Content-Length: ${200 * MB}\r\n\r\n`;
  for (const [path, type] of [
    ["/api/v1/login", "application/json"],
    ["/login", "application/x-www-form-urlencoded"],
    ["/account/profile", "multipart/form-data; boundary=x"],
    ["/_sandbox/v1/payment_methods", "application/x-www-form-urlencoded"],
    ["/webhooks/stripe", "application/json"],
  ])
    expect(await firstStatusLine(baseURL!, head(path, type)), path).toBe("HTTP/1.1 413 Payload Too Large");
});
