import crypto from "node:crypto";
import { expect, test, type APIResponse } from "../support/openapi-check";

// Content-Security-Policy (server/csp.server.ts): inline scripts run by a per-response nonce, or,
// on a page the anonymous cache serves again, by the hashes of the scripts it holds.

const scriptSources = (response: APIResponse) => {
  const header = response.headers()["content-security-policy"] ?? "";
  const directive = header
    .split(";")
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === "script-src");
  if (!directive) throw new Error(`no script-src in ${JSON.stringify(header)}`);
  return directive.slice(1);
};

/**
 * The inline scripts of a page: their nonce attribute and text. Data blocks (the product page's
 * `application/ld+json`) are never run, so script-src does not apply to them and they need no nonce.
 */
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/\ssrc=/.test(attributes) && !/\stype="application\/ld\+json"/.test(attributes))
    .map(([, attributes, text]) => ({ nonce: /\snonce="([^"]*)"/.exec(attributes)?.[1], text }));

const sha256 = (text: string) => `'sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}'`;

test("a fresh page's inline scripts carry its nonce, a new one each time, and script-src has no 'unsafe-inline'", async ({
  request,
}) => {
  const nonces = [];
  for (let i = 0; i < 2; i++) {
    // The cart is never cached: every answer is rendered for this request.
    const response = await request.get("/cart");
    expect(response.status()).toBe(200);
    const sources = scriptSources(response);
    expect(sources).not.toContain("'unsafe-inline'");
    const nonce = sources.find((source) => source.startsWith("'nonce-"))?.slice("'nonce-".length, -1);
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    const scripts = inlineScripts(await response.text());
    expect(scripts.length).toBeGreaterThan(1);
    for (const script of scripts) expect(script.nonce).toBe(nonce);
    nonces.push(nonce);
  }
  expect(nonces[0]).not.toBe(nonces[1]);
});

test("a page served from the anonymous cache allows exactly its inline scripts by hash, with no nonce", async ({
  request,
}) => {
  const list = await (await request.get("/api/v1/products")).json();
  for (const url of ["/", `/product/${list.products[0]._id}`]) {
    let cached: APIResponse | undefined;
    for (let attempt = 0; attempt < 5 && !cached; attempt++) {
      const response = await request.get(url);
      if (response.headers()["etag"]) cached = response; // the first answer after a change is fresh
    }
    if (!cached) throw new Error(`${url} never came from the cache`);
    const sources = scriptSources(cached);
    expect(sources).not.toContain("'unsafe-inline'");
    expect(sources.some((source) => source.startsWith("'nonce-"))).toBe(false);
    const scripts = inlineScripts(await cached.text());
    expect(scripts.length).toBeGreaterThan(1);
    const hashes = sources.filter((source) => source.startsWith("'sha256-"));
    expect(new Set(hashes)).toEqual(new Set(scripts.map((script) => sha256(script.text))));

    // A 304 carries the same policy: the browser updates its stored copy's headers from it.
    const revalidated = await request.get(url, { headers: { "If-None-Match": cached.headers()["etag"] } });
    if (revalidated.status() === 304) expect(scriptSources(revalidated)).toEqual(sources);
  }
});

test("Permissions-Policy turns off the features the shop does not use", async ({ request }) => {
  for (const url of ["/", "/cart", "/api/v1/products"]) {
    const header = (await request.get(url)).headers()["permissions-policy"];
    expect(header).toContain("camera=()");
    expect(header).toContain("geolocation=()");
    expect(header).toContain("microphone=()");
    expect(header).toContain("payment=(self)");
  }
});
