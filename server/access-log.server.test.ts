import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import compression from "compression";
import express from "express";
import { afterAll, describe, expect, it } from "vitest";
import { listen } from "../tests/unit/http";
import { createAccessLog, type AccessLogFormat } from "./access-log.server";
import { requestListener } from "./request-listener.server";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "access-log-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const app = express();
app.use(compression());
app.get("/page", (_req, res) => void res.type("html").send("<p>page</p>".repeat(500)));
app.get("/stream", (_req, res) => {
  res.write("one ");
  res.end("two");
});

// A stand-in for the page cache: it answers /cached itself.
const cache = {
  answer(req: { url?: string }, res: { writeHead(status: number): void; end(body: string): void }) {
    if (req.url !== "/cached") return undefined;
    res.writeHead(200);
    res.end("from memory");
    return "from memory".length;
  },
};

async function logOf(format: AccessLogFormat, requests: [string, Record<string, string>?][]) {
  const file = path.join(dir, `${format}.log`);
  const log = createAccessLog({ format, destination: file });
  const server = await listen(requestListener(app, { cache, log }));
  for (const [url, headers] of requests) await server.request(url, headers);
  await server.close();
  // JSON lines wait for 2 KB (or a second) in a buffer, which shutdown flushes; short lines are
  // written at once. Either way the destination writes in the background: wait for every line.
  if (format === "json") log.flush();
  const lines = () => (fs.existsSync(file) ? fs.readFileSync(file, "utf8").split("\n").filter(Boolean) : []);
  for (let waited = 0; lines().length < requests.length && waited < 5000; waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return lines();
}

describe("the access log", () => {
  it("writes a JSON line per request, cache hits included: method, URL, status, time and body bytes", async () => {
    const lines = (
      await logOf("json", [
        ["/cached"],
        ["/page", { "accept-encoding": "identity" }],
        ["/page", { "accept-encoding": "gzip" }],
        ["/stream"],
        ["/missing?q=1"],
      ])
    ).map((line) => JSON.parse(line));
    expect(lines.map(({ method, url, status, bytes }) => ({ method, url, status, bytes }))).toEqual([
      { method: "GET", url: "/cached", status: 200, bytes: 11 },
      { method: "GET", url: "/page", status: 200, bytes: 5500 },
      { method: "GET", url: "/page", status: 200, bytes: expect.any(Number) },
      { method: "GET", url: "/stream", status: 200, bytes: 7 },
      { method: "GET", url: "/missing?q=1", status: 404, bytes: expect.any(Number) },
    ]);
    // Compressed by the middleware: the bytes that went out.
    expect(lines[2].bytes).toBeLessThan(200);
    for (const line of lines) {
      expect(line.ms).toBeGreaterThanOrEqual(0);
      expect(line.level).toBe(30);
      expect(line.time).toBeGreaterThan(0);
    }
  });

  it("writes a short line for a terminal: method, URL, status and whole milliseconds", async () => {
    const lines = await logOf("short", [["/cached"], ["/stream"], ["/missing?q=1"]]);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^GET \/cached 200 \d+ ms$/);
    expect(lines[1]).toMatch(/^GET \/stream 200 \d+ ms$/);
    expect(lines[2]).toMatch(/^GET \/missing\?q=1 404 \d+ ms$/);
  });
});
