import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { followCatalogueVersion } from "~/db/dialect";
import { createProduct } from "../tests/unit/fixtures";
import { listen } from "../tests/unit/http";
import { trustedOrigins } from "./cors.server";
import { rejectForeignOrigins } from "./origin-check.server";
import { anonymousCatalogueCache } from "./page-cache.server";
import { requestListener } from "./request-listener.server";

// CORS_ORIGINS as server.ts assembles it: the listener sets the CORS headers of every /api/v1 call
// (cache hits included) and answers preflights; the Origin check lets the trusted origins' API
// writes through, and nothing else.

const STORE = "http://localhost:4100";
const APP = "https://app.example.com";
const STRANGER = "https://evil.example";
const SHOP_HOST = "127.0.0.1";

const trusted = trustedOrigins([STORE, APP]);
const cache = anonymousCatalogueCache();
let renders = 0;

const app = express();
app.disable("x-powered-by");
app.use(cache.middleware);
app.use(rejectForeignOrigins(trusted));
app.get("/api/v1/product/:id", (req, res) => {
  renders++;
  res.json({ success: true, product: { _id: req.params.id } });
});
app.post("/api/v1/cart", (_req, res) => res.status(201).json({ success: true }));
app.post("/cart", (_req, res) => res.redirect(303, "/cart"));

let server: Awaited<ReturnType<typeof listen>>;
beforeAll(async () => {
  await followCatalogueVersion();
  server = await listen(requestListener(app, { cache, cors: trusted }));
});
afterAll(() => server.close());
beforeEach(async () => {
  await createProduct(); // a new catalogue version: nothing cached from the test before
});

const varies = (vary: string | undefined) => (vary ?? "").split(",").map((v) => v.trim().toLowerCase());

describe("trusted origins (CORS_ORIGINS)", () => {
  it("answer a trusted origin's preflight, and give no other origin a CORS header", async () => {
    const preflight = (origin: string) =>
      server.request(
        "/api/v1/cart",
        { Origin: origin, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type" },
        "OPTIONS",
      );
    const ok = await preflight(STORE);
    expect(ok.status).toBe(204);
    expect(ok.headers["access-control-allow-origin"]).toBe(STORE);
    expect(ok.headers["access-control-allow-credentials"]).toBe("true");
    expect(ok.headers["access-control-allow-methods"]).toContain("POST");
    expect(ok.headers["access-control-allow-headers"]).toBe("content-type");
    expect(ok.headers["access-control-max-age"]).toBe("600");
    const refused = await preflight(STRANGER);
    expect(refused.headers["access-control-allow-origin"]).toBeUndefined();
    expect(refused.headers["access-control-allow-credentials"]).toBeUndefined();
  });

  it("let a trusted origin's API writes through with its CORS headers; others keep the 403", async () => {
    const post = (path: string, origin: string) =>
      server.request(path, { Origin: origin, Host: SHOP_HOST, Cookie: "shop_session=abc" }, "POST");
    const accepted = await post("/api/v1/cart", APP);
    expect(accepted.status).toBe(201);
    expect(accepted.headers["access-control-allow-origin"]).toBe(APP);
    expect(accepted.headers["access-control-allow-credentials"]).toBe("true");
    expect(accepted.headers["access-control-expose-headers"]).toBe("Retry-After,Location");
    expect(varies(accepted.headers.vary)).toContain("origin");

    const foreign = await post("/api/v1/cart", STRANGER);
    expect(foreign.status).toBe(403);
    expect(foreign.headers["access-control-allow-origin"]).toBeUndefined();
    // Pages are not the API: a form posted from the trusted origin is still another site's.
    expect((await post("/cart", STORE)).status).toBe(403);
  });

  it("say every API answer varies by origin, one stored for a request without Origin too", async () => {
    const stored = await server.request("/api/v1/product/p2");
    expect(stored.headers["access-control-allow-origin"]).toBeUndefined();
    expect(varies(stored.headers.vary)).toContain("origin");
    const hit = await server.request("/api/v1/product/p2", { Origin: STORE });
    expect(hit.headers["access-control-allow-origin"]).toBe(STORE);
    expect(varies(hit.headers.vary)).toContain("origin");
  });

  it("name the origin that asks on cached answers, never the one the answer was stored for", async () => {
    const get = (origin?: string) => server.request("/api/v1/product/p1", origin ? { Origin: origin } : {});
    const before = renders;
    const first = await get(STORE);
    expect(first.headers["access-control-allow-origin"]).toBe(STORE);
    const plain = await get();
    const other = await get(APP);
    const stranger = await get(STRANGER);
    expect(renders - before).toBe(1); // the others were cache hits
    expect(plain.headers["access-control-allow-origin"]).toBeUndefined();
    expect(other.headers["access-control-allow-origin"]).toBe(APP);
    expect(stranger.headers["access-control-allow-origin"]).toBeUndefined();
    for (const answer of [first, plain, other, stranger]) expect(varies(answer.headers.vary)).toContain("origin");
  });

  it("are off when none is listed: no CORS handling at all", () => {
    expect(trustedOrigins([])).toBeNull();
  });
});
