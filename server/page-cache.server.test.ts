import crypto from "node:crypto";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import helmet from "helmet";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { followCatalogueVersion } from "~/db/dialect";
import { createProduct } from "../tests/unit/fixtures";
import { listen } from "../tests/unit/http";
import { contentSecurityPolicy, permissionsPolicy, securityPolicies } from "./csp.server";
import { PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL, anonymousCatalogueCache } from "./page-cache.server";
import { requestListener } from "./request-listener.server";

// The page cache as server.ts assembles it: a miss goes through Express (security headers,
// compression, the cache's middleware, then a stand-in for Remix); a hit is answered by the request
// listener before Express, with the headers the miss had.

const policy = contentSecurityPolicy({
  script: [],
  connect: [],
  frame: [],
  formAction: [],
  upgradeInsecureRequests: false,
});
const cache = anonymousCatalogueCache({
  contentSecurityPolicy: (body, type, res) => policy.forStoredResponse(body, type, res.locals.cspNonce),
  perRender: (res) => res.locals.cspNonce,
});
let renders = 0;

const app = express();
app.disable("x-powered-by");
app.set("etag", false); // Remix's answers carry none; the cache makes its own
app.use(
  helmet({
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  }),
);
app.use(securityPolicies(policy, permissionsPolicy([])));
app.use(compression());
app.use(cache.middleware);
const filler = "<p>A laptop, described at length.</p>".repeat(100);
app.get("/", (_req, res) => {
  renders++;
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  // Written in pieces, as Remix streams a page.
  res.write(`<!DOCTYPE html><html><body><script nonce="${res.locals.cspNonce}">window.ready = ${renders}</script>`);
  res.end(`${filler}</body></html>`);
});
// The same page on every render but for its nonce, as one catalogue version's page is in every worker.
app.get("/product/:id", (req, res) => {
  renders++;
  res.type("html").send(`<script nonce="${res.locals.cspNonce}">window.product = "${req.params.id}"</script>${filler}`);
});
app.get("/api/v1/product/:id", (req, res) => {
  renders++;
  res.json({ success: true, product: { _id: req.params.id } });
});
app.get("/search/:keyword", (_req, res) => {
  renders++;
  res.cookie("shop_toast", "a message");
  res.type("html").send(`<p>toast</p>${filler}`);
});

let server: Awaited<ReturnType<typeof listen>>;
beforeAll(async () => {
  // Answers are kept only while the catalogue's version is known (on PostgreSQL, once followed).
  await followCatalogueVersion();
  server = await listen(requestListener(app, { cache }));
});
afterAll(() => server.close());
// Each test starts from an empty cache: a change to the catalogue drops every stored answer.
beforeEach(async () => {
  await createProduct();
});

const PER_RESPONSE = [
  "date",
  "etag",
  "content-security-policy",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
];
const lasting = (headers: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_RESPONSE.includes(name)));
const scriptSources = (header: unknown) =>
  String(header)
    .split(";")
    .find((part) => part.startsWith("script-src"));
const identity = { "accept-encoding": "identity" };

describe("the anonymous page cache", () => {
  it("answers a hit before Express with the miss's headers, security headers included, and a policy by hash", async () => {
    const miss = await server.request("/", identity);
    const hit = await server.request("/", identity);
    expect([miss.status, hit.status]).toEqual([200, 200]);
    expect(hit.body.equals(miss.body)).toBe(true);
    expect(miss.headers.etag).toBeUndefined();
    expect(hit.headers.etag).toMatch(/^W\/".+"$/);

    expect(lasting(hit.headers)).toEqual(lasting(miss.headers));
    for (const name of [
      "x-frame-options",
      "x-content-type-options",
      "referrer-policy",
      "cross-origin-opener-policy",
      "permissions-policy",
    ]) {
      expect(hit.headers[name], name).toBeDefined();
    }
    expect(hit.headers["cache-control"]).toBe(PUBLIC_CACHE_CONTROL);
    expect(hit.headers["vary"]).toBe("Cookie, Accept-Encoding");
    expect(hit.headers["content-length"]).toBe(String(hit.body.length));

    // The miss's scripts ran by its nonce; the hit replays them, so they are allowed by their hash.
    const nonce = /nonce="([^"]+)"/.exec(miss.body.toString())![1];
    expect(scriptSources(miss.headers["content-security-policy"])).toContain(`'nonce-${nonce}'`);
    const script = /<script[^>]*>([^<]*)<\/script>/.exec(hit.body.toString())![1];
    const hash = crypto.createHash("sha256").update(script).digest("base64");
    expect(scriptSources(hit.headers["content-security-policy"])).toBe(`script-src 'self' 'sha256-${hash}'`);
  });

  it("renders once, and answers every later anonymous read from memory", async () => {
    const before = renders;
    for (let i = 0; i < 3; i++) expect((await server.request("/")).status).toBe(200);
    expect(renders).toBe(before + 1);
  });

  it("answers 304 to a matching If-None-Match, with the policy and caching headers and no body", async () => {
    await server.request("/");
    const hit = await server.request("/");
    const before = renders;
    for (const ifNoneMatch of [hit.headers.etag!, `"other", ${hit.headers.etag!.slice(2)}`, "*"]) {
      const revalidated = await server.request("/", { "if-none-match": ifNoneMatch });
      expect(revalidated.status).toBe(304);
      expect(revalidated.body.length).toBe(0);
      expect(revalidated.headers.etag).toBe(hit.headers.etag);
      expect(revalidated.headers["cache-control"]).toBe(PUBLIC_CACHE_CONTROL);
      expect(revalidated.headers["content-security-policy"]).toBe(hit.headers["content-security-policy"]);
      expect(revalidated.headers["x-frame-options"]).toBe("SAMEORIGIN");
      expect(revalidated.headers["vary"]).toBe("Cookie, Accept-Encoding");
    }
    expect((await server.request("/", { "if-none-match": '"other"' })).status).toBe(200);
    expect(renders).toBe(before);
  });

  it("answers HEAD with the GET's headers and no body", async () => {
    await server.request("/", identity);
    const get = await server.request("/", identity);
    const head = await server.request("/", identity, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(lasting(head.headers)).toEqual(lasting(get.headers));
    expect(head.headers["content-length"]).toBe(get.headers["content-length"]);
    expect(head.headers.etag).toBe(get.headers.etag);
  });

  it("sends brotli, gzip or the bytes as they are, as Accept-Encoding asks, compressed once", async () => {
    const original = (await server.request("/", identity)).body;
    const br = await server.request("/", { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(br.body).equals(original)).toBe(true);
    const gzip = await server.request("/", { "accept-encoding": "br;q=0, gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.body).equals(original)).toBe(true);
    expect(Number(gzip.headers["content-length"])).toBe(gzip.body.length);
    const plain = await server.request("/");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.equals(original)).toBe(true);
    expect((await server.request("/", { "accept-encoding": "br" })).body.equals(br.body)).toBe(true);
  });

  it("sends a small body (the API's product) as it is, with its JSON type", async () => {
    await server.request("/api/v1/product/p1");
    const before = renders;
    const hit = await server.request("/api/v1/product/p1", { "accept-encoding": "br, gzip" });
    expect(renders).toBe(before);
    expect(hit.headers.etag).toBeDefined();
    expect(hit.headers["content-encoding"]).toBeUndefined();
    expect(hit.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(JSON.parse(hit.body.toString())).toEqual({ success: true, product: { _id: "p1" } });
  });

  it("never answers a signed-in visitor, or an API call with a token, from the cache", async () => {
    await server.request("/");
    expect((await server.request("/")).headers.etag).toBeDefined();
    const before = renders;
    for (const headers of [
      { cookie: "theme=dark; shop_session=abc" },
      { cookie: "shop_cart=xyz" },
      { authorization: "Bearer token" },
    ]) {
      const page = await server.request("/", headers);
      expect(page.status).toBe(200);
      expect(page.headers["cache-control"]).toBe(PRIVATE_CACHE_CONTROL);
      expect(page.headers.etag).toBeUndefined();
    }
    expect(renders).toBe(before + 3);
    // Another site's cookie is no reason to render afresh.
    expect((await server.request("/", { cookie: "theme=dark" })).headers.etag).toBeDefined();
  });

  it("renders again once the catalogue changes", async () => {
    await server.request("/");
    const stored = await server.request("/");
    await createProduct();
    const before = renders;
    const fresh = await server.request("/");
    expect(renders).toBe(before + 1);
    expect(fresh.headers.etag).toBeUndefined();
    expect((await server.request("/")).headers.etag).not.toBe(stored.headers.etag);
  });

  it("gives every render of the same page the same ETag, whatever its nonce (so in every worker)", async () => {
    await server.request("/product/p1");
    const first = await server.request("/product/p1");
    await createProduct();
    const before = renders;
    await server.request("/product/p1");
    const second = await server.request("/product/p1");
    expect(renders).toBe(before + 1);
    expect(first.headers.etag).toMatch(/^W\/"/);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect((await server.request("/product/p1", { "if-none-match": first.headers.etag! })).status).toBe(304);
  });

  it("never keeps an answer that sets a cookie", async () => {
    const before = renders;
    for (let i = 0; i < 2; i++) {
      const page = await server.request("/search/toast");
      expect(page.headers["set-cookie"]).toBeDefined();
      expect(page.headers["cache-control"]).toBe(PRIVATE_CACHE_CONTROL);
    }
    expect(renders).toBe(before + 2);
  });
});
