import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { listen } from "../tests/unit/http";
import { edgeErrorHandler } from "./edge-errors.server";

// An app shaped like server.ts's: a route with a path parameter (Express decodes it), one that
// fails, one that refuses with an exposed 4xx, then the edge's error handler.
const app = express();
app.get("/product/:id", (req, res) => void res.send(req.params.id));
app.get("/api/v1/broken", () => {
  throw new Error("a bug");
});
app.get("/broken", () => {
  throw new Error("a bug");
});
app.get("/too-large", (_req, _res, next) =>
  next(Object.assign(new Error("The body is over 1 MB."), { status: 413, expose: true })),
);
app.get("/half-sent", (_req, res, next) => {
  res.writeHead(200, { "Content-Type": "text/plain" });
  res.write("partial");
  next(new Error("failed mid-answer"));
});
app.use(edgeErrorHandler());

let server: Awaited<ReturnType<typeof listen>>;
beforeAll(async () => {
  server = await listen(app);
});
afterAll(() => server.close());

describe("edgeErrorHandler", () => {
  it("answers a path that does not decode with 400 and logs nothing", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      for (const path of ["/product/%ZZ", "/product/%E0%A4%A", "/product/%C0%AF"]) {
        const answer = await server.request(path);
        expect(answer.status, path).toBe(400);
        expect(answer.headers["content-type"]).toMatch("text/html");
        expect(answer.body.toString()).toContain(
          "This address is not valid: one of its %-escapes (such as %ZZ) does not decode.",
        );
        expect(answer.body.toString()).not.toMatch(/URIError|at decode/);
      }
      expect(logged).not.toHaveBeenCalled();
      expect((await server.request("/product/%41")).body.toString()).toBe("A");
    } finally {
      logged.mockRestore();
    }
  });

  it("keeps an exposed 4xx's status and message", async () => {
    const answer = await server.request("/too-large");
    expect(answer.status).toBe(413);
    expect(answer.body.toString()).toContain("The body is over 1 MB.");
  });

  it("answers a server error with a plain 500 (JSON under /api/v1) and logs its stack once", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const page = await server.request("/broken");
      expect(page.status).toBe(500);
      expect(page.body.toString()).toContain("Something went wrong on our side.");
      expect(page.body.toString()).not.toContain("a bug");
      const api = await server.request("/api/v1/broken");
      expect(api.status).toBe(500);
      expect(JSON.parse(api.body.toString())).toEqual({
        success: false,
        message: "Something went wrong on our side. Please try again.",
      });
      expect(logged).toHaveBeenCalledTimes(2);
      expect((logged.mock.calls[0][0] as Error).message).toBe("a bug");
    } finally {
      logged.mockRestore();
    }
  });

  it("cuts off an answer already under way", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      await expect(server.request("/half-sent")).rejects.toThrow();
      expect(logged).toHaveBeenCalledTimes(1);
    } finally {
      logged.mockRestore();
    }
  });
});
