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
