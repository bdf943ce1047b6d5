import net from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { listen } from "../tests/unit/http";
import { admissionGate } from "./admission.server";
import { requestListener } from "./request-listener.server";

describe("the request listener's admission gate", () => {
  it("answers the health check at once while every place is taken; other requests wait their turn", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const app = express();
    app.get("/slow", (_req, res) => void held.then(() => res.send("slow")));
    app.get("/healthz", (_req, res) => void res.send("ok"));
    app.get("/page", (_req, res) => void res.send("page"));
    const gate = admissionGate({ limit: 1, holdMs: 60_000 });
    const server = await listen(requestListener(app, { gate }));
    try {
      const slow = server.request("/slow");
      await expect.poll(() => gate.counts.working).toBe(1);
      const page = server.request("/page");
      await expect.poll(() => gate.counts.waiting).toBe(1);
      // The gate is full and a request waits: the health check goes past both.
      expect(String((await server.request("/healthz")).body)).toBe("ok");
      expect(gate.counts).toEqual({ working: 1, waiting: 1 });
      release();
      expect(String((await slow).body)).toBe("slow");
      expect(String((await page).body)).toBe("page");
    } finally {
      release();
      await server.close();
    }
  });
});

describe("the request listener's deadline for a request's body", () => {
  const DEADLINE_MS = 200;
  function app() {
    const app = express();
    // Answered at once, the body left unread (as a 404 or a 405 is).
    app.post("/unread", (_req, res) => void res.send("answered"));
    app.post(/.*/, express.raw({ type: () => true, limit: "1mb" }), (req, res) => {
      if (req.path !== "/slow-answer") return void res.send(`${(req.body as Buffer).length} bytes`);
      // An answer that takes several deadlines to stream, once the body is in.
      let part = 0;
      const next = () =>
        ++part > 5 ? res.end("end") : res.write(`part ${part}\n`) && setTimeout(next, DEADLINE_MS / 2);
      next();
    });
    return app;
  }

  /** Sends a request's head declaring `length` bytes, then `chunk` every `everyMs` until the server closes; what came back. */
  function trickle(port: number, path: string, length: number, chunk: Buffer, everyMs: number, keepAlive = false) {
    return new Promise<{ received: string; sent: number; tookMs: number }>((resolve, reject) => {
      const startedAt = Date.now();
      let sent = 0;
      let received = "";
      let timer: NodeJS.Timeout | undefined;
      const socket = net.connect(port, "127.0.0.1", () => {
        socket.write(
          `POST ${path} HTTP/1.1\r\nHost: shop.test\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\nConnection: ${keepAlive ? "keep-alive" : "close"}\r\n\r\n`,
        );
        const send = () => {
          if (sent + chunk.length > length) return;
          sent += chunk.length;
          socket.write(chunk);
          timer = setTimeout(send, everyMs);
        };
        send();
      });
      socket.on("data", (data) => (received += data.toString()));
      // Closed with bytes of the body unread: a reset, which ends the exchange as a close does.
      socket.on("error", (error: NodeJS.ErrnoException) => void (error.code === "ECONNRESET" || reject(error)));
      socket.on("close", () => {
        clearTimeout(timer);
        resolve({ received, sent, tookMs: Date.now() - startedAt });
      });
    });
  }

  it("answers a body that trickles in (a byte at a time) 408 at its deadline and closes the connection", async () => {
    const server = await listen(requestListener(app(), { bodyTimeoutMs: DEADLINE_MS }));
    try {
      const { port } = server;
      const page = await trickle(port, "/login", 1000, Buffer.from("x"), 20);
      expect(page.received).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
      expect(page.received).toContain("Connection: close");
      expect(page.received).toMatch(/The request's body did not arrive in time \(1 s\)\.$/);
      expect(page.tookMs).toBeGreaterThanOrEqual(DEADLINE_MS);
      expect(page.sent).toBeLessThan(1000);
      const api = await trickle(port, "/api/v1/login", 1000, Buffer.from("x"), 20);
      expect(api.received).toMatch(/^HTTP\/1\.1 408 /);
      expect(JSON.parse(api.received.slice(api.received.indexOf("\r\n\r\n") + 4))).toEqual({
        success: false,
        message: "The request's body did not arrive in time (1 s).",
      });
    } finally {
      await server.close();
    }
  });

  it("closes the connection of a body still trickling in after an answer given without reading it", async () => {
    const server = await listen(requestListener(app(), { bodyTimeoutMs: DEADLINE_MS }));
    try {
      const unread = await trickle(server.port, "/unread", 1000, Buffer.from("x"), 20, true);
      expect(unread.received).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*\r\n\r\nanswered$/);
      expect(unread.tookMs).toBeGreaterThanOrEqual(DEADLINE_MS);
      expect(unread.sent).toBeLessThan(1000);
    } finally {
      await server.close();
    }
  });

  it("lets a large body that keeps coming take longer than the deadline", async () => {
    const server = await listen(requestListener(app(), { bodyTimeoutMs: DEADLINE_MS }));
    try {
      // 512 KB in 16 parts, one every 40 ms (about 800 KB/s): longer than the deadline, well over its least rate.
      const upload = await trickle(server.port, "/upload", 512 * 1024, Buffer.alloc(32 * 1024, "x"), 40);
      expect(upload.tookMs).toBeGreaterThan(DEADLINE_MS);
      expect(upload.received).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*\r\n\r\n524288 bytes$/);
    } finally {
      await server.close();
    }
  });

  it("never cuts an answer that streams slowly once the body is in", async () => {
    const server = await listen(requestListener(app(), { bodyTimeoutMs: DEADLINE_MS }));
    try {
      const startedAt = Date.now();
      const answer = await server.request("/slow-answer", { "Content-Length": 2 }, "POST", "{}");
      expect(String(answer.body)).toBe("part 1\npart 2\npart 3\npart 4\npart 5\nend");
      expect(Date.now() - startedAt).toBeGreaterThan(2 * DEADLINE_MS);
    } finally {
      await server.close();
    }
  });
});
