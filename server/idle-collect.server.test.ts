import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { collectWhenIdle } from "./idle-collect.server";

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const exposed = globalThis as { gc?: () => void };
const before = exposed.gc;
afterEach(() => {
  exposed.gc = before;
});

describe("collectWhenIdle", () => {
  it("collects once after a burst, when the server has been idle for a check, and not while idle", async () => {
    const gc = vi.fn();
    exposed.gc = gc;
    const server = http.createServer((_req, res) => res.end("ok")).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const stop = collectWhenIdle(server, { checkEveryMs: 100, minGrowthBytes: 0 });
    try {
      await pause(350);
      expect(gc).not.toHaveBeenCalled(); // nothing served yet
      for (let i = 0; i < 5; i++) await fetch(url).then((r) => r.text());
      await pause(350);
      expect(gc).toHaveBeenCalledTimes(1);
      await pause(350);
      expect(gc).toHaveBeenCalledTimes(1); // still idle: nothing new to give back
      await fetch(url).then((r) => r.text());
      await pause(350);
      expect(gc).toHaveBeenCalledTimes(2);
    } finally {
      stop();
      server.close();
    }
  });

  it("leaves a heap that has not grown enough alone", async () => {
    const gc = vi.fn();
    exposed.gc = gc;
    const server = http.createServer((_req, res) => res.end("ok")).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const stop = collectWhenIdle(server, { checkEveryMs: 100, minGrowthBytes: 1024 ** 4 });
    try {
      await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`).then((r) => r.text());
      await pause(350);
      expect(gc).not.toHaveBeenCalled();
    } finally {
      stop();
      server.close();
    }
  });
});
