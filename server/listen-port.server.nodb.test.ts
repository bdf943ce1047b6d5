import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { freePort } from "../tools/pg/throwaway-cluster";
import { startBuiltShop } from "../tests/unit/built-shop";
import { PORT_IN_USE_EXIT_CODE, listenOrExit, portInUse, portInUseMessage } from "./listen-port.server";

/** A program holding a port, on loopback only. */
async function holdPort(): Promise<{ port: number; close: () => Promise<void> }> {
  const holder = net.createServer();
  await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
  const { port } = holder.address() as net.AddressInfo;
  return { port, close: () => new Promise((resolve) => holder.close(() => resolve())) };
}

describe("a port in use", () => {
  let held: Awaited<ReturnType<typeof holdPort>> | undefined;
  afterEach(async () => {
    vi.restoreAllMocks();
    await held?.close();
    held = undefined;
  });

  it("is found before the shop listens, also when its program listens on loopback only", async () => {
    held = await holdPort();
    expect(await portInUse(held.port)).toBe(true);
    await held.close();
    held = undefined;
    expect(await portInUse(await freePort())).toBe(false);
    expect(await portInUse(0)).toBe(false);
  });

  it("is said in one line naming the port and PORT", () => {
    expect(portInUseMessage(3000)).toBe(
      "PORT: port 3000 is in use (another program, or the shop already running, listens on it): stop that, or set PORT to a free port.",
    );
  });

  it("taken after that question, ends the process with that line; a worker's with its exit code only", async () => {
    held = await holdPort();
    for (const isWorker of [false, true]) {
      const printed = vi.spyOn(console, "error").mockImplementation(() => {});
      const exited = new Promise<number | undefined>((resolve) =>
        vi.spyOn(process, "exit").mockImplementation(((code?: number) => resolve(code)) as typeof process.exit),
      );
      const server = http.createServer();
      listenOrExit(server, held.port, { isWorker, onListening: () => expect.fail("listened on a port in use") });
      expect(await exited).toBe(PORT_IN_USE_EXIT_CODE);
      expect(printed.mock.calls).toEqual(isWorker ? [] : [[portInUseMessage(held.port)]]);
      vi.restoreAllMocks();
    }
  });

  it("stops the built shop with that one line and nothing else, its workers never started", async () => {
    if (!fs.existsSync("build/server/main.js")) throw new Error("No build: run `npm run build` first.");
    held = await holdPort();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-busy-port-"));
    try {
      const shop = startBuiltShop({
        databaseUrl: `file:${path.join(dir, "shop.db")}`,
        port: held.port,
        dir,
        webConcurrency: 2,
      });
      const code = await shop.exited;
      expect(code).not.toBe(0);
      expect(shop.output().trim().split("\n")).toEqual([portInUseMessage(held.port)]);
      // Nothing was begun: no database file, no uploads folder.
      expect(fs.readdirSync(dir)).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
