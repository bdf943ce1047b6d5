import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { forwardTo } from "./forward.server";

type Seen = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };

// The server forwarded to: records what reached it and answers as the path says.
const seen: Seen[] = [];
const target = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    seen.push({ method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks).toString() });
    if (req.url!.startsWith("/slow")) return; // never answers
    if (req.url!.startsWith("/redirect"))
      return void res
        .writeHead(303, { Location: "http://shop.example/_s/page", "Set-Cookie": "upstream=1", "X-Internal": "no" })
        .end();
    res.writeHead(201, {
      "Content-Type": "text/plain",
      "Cross-Origin-Resource-Policy": "cross-origin",
      "Access-Control-Allow-Origin": "*",
    });
    res.end(`answer to ${req.method} ${req.url}`);
  });
});

let targetUrl = "";
let shop: http.Server;
let shopPort = 0;

function shopWith(forwardsTo: string) {
  const app = express();
  app.use(
    "/_s",
    ...forwardTo({
      name: "The target",
      target: forwardsTo,
      forwards: (path) => path !== "/hidden",
      methods: ["GET", "POST"],
      bodyLimit: 100,
      timeoutMs: 300,
    }),
  );
  app.use((_req, res) => void res.status(418).send("not forwarded"));
  return app;
}

type Sent = { method?: string; headers?: http.OutgoingHttpHeaders; body?: string; chunked?: boolean; port?: number };

/** One request to the shop, as sent (a body either with its length or chunked). */
function send(path: string, { method = "GET", headers = {}, body, chunked = false, port = shopPort }: Sent = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path,
        method,
        headers: body !== undefined && !chunked ? { ...headers, "Content-Length": Buffer.byteLength(body) } : headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString() }),
        );
      },
    );
    req.on("error", reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/** A request that declares a body of `length` bytes and sends none of it: the answer, if one comes before the body. */
function declareOnly(path: string, length: number) {
  return new Promise<{ status: number; connection?: string; body: string }>((resolve, reject) => {
    const req = http.request({
      host: "127.0.0.1",
      port: shopPort,
      path,
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": length },
    });
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        resolve({
          status: res.statusCode!,
          connection: res.headers.connection,
          body: Buffer.concat(chunks).toString(),
        });
        req.destroy();
      });
    });
    req.on("error", reject);
    req.flushHeaders();
  });
}

async function listen(server: http.Server) {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  targetUrl = `http://127.0.0.1:${await listen(target)}`;
  shop = http.createServer(shopWith(targetUrl));
  shopPort = await listen(shop);
});
afterAll(async () => {
  target.closeAllConnections();
  shop.closeAllConnections();
  await Promise.all([new Promise((done) => target.close(done)), new Promise((done) => shop.close(done))]);
});
beforeEach(() => {
  seen.length = 0;
});

describe("forwardTo", () => {
  it("forwards a path below the mount point with its query, and answers with the target's status, body and headers", async () => {
    const answer = await send("/_s/v3/?key=pk&x=1", { headers: { Accept: "text/javascript" } });
    expect(answer).toMatchObject({ status: 201, body: "answer to GET /v3/?key=pk&x=1" });
    expect(answer.headers["content-type"]).toBe("text/plain");
    expect(answer.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    expect(answer.headers["access-control-allow-origin"]).toBe("*");
    expect(seen).toHaveLength(1);
    expect(seen[0].headers.accept).toBe("text/javascript");
  });

  it("forwards a form post's body and type, never the shopper's cookies or credentials", async () => {
    const answer = await send("/_s/authenticate/pi_1", {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Cookie: "session=secret",
        Authorization: "Bearer sk_live_x",
        Origin: "http://elsewhere.example",
      },
      body: "outcome=complete",
    });
    expect(answer.status).toBe(201);
    expect(seen[0]).toMatchObject({ method: "POST", url: "/authenticate/pi_1", body: "outcome=complete" });
    expect(seen[0].headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(seen[0].headers["content-length"]).toBe("16");
    expect(seen[0].headers.cookie).toBeUndefined();
    expect(seen[0].headers.authorization).toBeUndefined();
    expect(seen[0].headers.origin).toBeUndefined();
  });

  it("passes a redirect's Location on, and not the target's other headers", async () => {
    const answer = await send("/_s/redirect");
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe("http://shop.example/_s/page");
    expect(answer.headers["set-cookie"]).toBeUndefined();
    expect(answer.headers["x-internal"]).toBeUndefined();
  });

  it("sends every request to the target's host and port, whatever the path looks like", async () => {
    const answer = await send("/_s///elsewhere.invalid:1/x");
    expect(answer.status).toBe(201);
    expect(seen[0].url).toBe("//elsewhere.invalid:1/x");
    expect(seen[0].headers.host).toBe(new URL(targetUrl).host);
  });

  it("answers a path it does not forward 404 and a method it does not forward 405, without asking the target", async () => {
    expect((await send("/_s/hidden")).status).toBe(404);
    const put = await send("/_s/page", { method: "PUT", body: "x" });
    expect(put.status).toBe(405);
    expect(put.headers.allow).toBe("GET, POST");
    expect(seen).toEqual([]);
    // Outside the mount point, the shop's own handlers answer.
    expect((await send("/elsewhere")).status).toBe(418);
  });

  it("refuses a body over the limit with a 413, declared or streamed, before the target sees it", async () => {
    const big = "x".repeat(101);
    const declared = await send("/_s/page", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: big,
    });
    expect(declared.status).toBe(413);
    expect(declared.body).toContain("at most 100 bytes");
    const streamed = await send("/_s/page", {
      method: "POST",
      headers: { "Content-Type": "text/plain" },
      body: big,
      chunked: true,
    });
    expect(streamed.status).toBe(413);
    expect(seen).toEqual([]);
    expect(
      (await send("/_s/page", { method: "POST", headers: { "Content-Type": "text/plain" }, body: "x".repeat(100) }))
        .status,
    ).toBe(201);
  });

  it("answers a declared length over the limit with a 413 at once, before any of the body is sent", async () => {
    const refused = await declareOnly("/_s/page", 200 * 1024 * 1024);
    expect(refused).toMatchObject({ status: 413, connection: "close" });
    expect(refused.body).toContain("at most 100 bytes");
    expect(seen).toEqual([]);
  });

  it("answers 400 for a body it cannot read, 502 when the target is down, 504 when it is too slow", async () => {
    const garbled = await send("/_s/page", {
      method: "POST",
      headers: { "Content-Type": "text/plain", "Content-Encoding": "gzip" },
      body: "not gzip",
    });
    expect(garbled.status).toBe(400);

    expect((await send("/_s/slow")).status).toBe(504);

    const closed = http.createServer();
    const deadPort = await listen(closed);
    await new Promise((done) => closed.close(done));
    const orphan = http.createServer(shopWith(`http://127.0.0.1:${deadPort}`));
    const orphanPort = await listen(orphan);
    try {
      const down = await send("/_s/page", { port: orphanPort });
      expect(down.status).toBe(502);
      expect(down.body).toContain("The target is not answering.");
    } finally {
      orphan.closeAllConnections();
      await new Promise((done) => orphan.close(done));
    }
  });
});
