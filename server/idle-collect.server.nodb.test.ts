import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { collectWhenIdle, type ProcessProbe } from "./idle-collect.server";

const MB = 1024 * 1024;
const CHECK_MS = 1000;
const exposed = globalThis as { gc?: () => void };
const before = exposed.gc;

/** A process as the collector sees it: its heap, what is live in it, its CPU time; a collection leaves only what is live. */
function fakeProcess({ heap, used = heap, live = used }: { heap: number; used?: number; live?: number }) {
  const state = { heap, used, live, cpuMs: 0, gcMs: 0 };
  const probe: ProcessProbe = {
    heapBytes: () => state.heap,
    usedHeapBytes: () => state.used,
    cpuMs: () => state.cpuMs,
  };
  const gc = vi.fn(() => {
    state.heap = state.used = state.live;
    state.cpuMs += state.gcMs;
  });
  exposed.gc = gc;
  /** One check's time, `cpuMs` of it on the CPU. */
  const check = (cpuMs: number) => {
    state.cpuMs += cpuMs;
    vi.advanceTimersByTime(CHECK_MS);
  };
  return { state, probe, gc, check };
}

beforeEach(() => void vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  exposed.gc = before;
});

describe("collectWhenIdle", () => {
  it("collects once the process is idle after its heap grew, once more a check later, and not while it is busy", () => {
    const shop = fakeProcess({ heap: 100 * MB });
    const stop = collectWhenIdle({ checkEveryMs: CHECK_MS, minGrowthBytes: 32 * MB, probe: shop.probe });
    try {
      shop.check(0);
      expect(shop.gc).not.toHaveBeenCalled(); // nothing to give back
      // A burst: the heap grows, the CPU is busy.
      shop.state.heap = shop.state.used = 400 * MB;
      shop.check(900);
      shop.check(600);
      expect(shop.gc).not.toHaveBeenCalled();
      // Idle but for a health check every second (HAProxy's): collected, down to what is live.
      shop.check(2);
      expect(shop.gc).toHaveBeenCalledTimes(2); // the second collection freed nothing more
      expect(shop.state.heap).toBe(100 * MB);
      // A check later, still idle: once more (V8 gives its young generation back only then).
      shop.check(2);
      expect(shop.gc).toHaveBeenCalledTimes(3);
      shop.check(2);
      shop.check(0);
      expect(shop.gc).toHaveBeenCalledTimes(3); // nothing new to give back
      // Another burst, cut short by a busy check before the follow-up: collected after it.
      shop.state.heap = shop.state.used = 300 * MB;
      shop.check(0);
      expect(shop.gc).toHaveBeenCalledTimes(5);
      shop.check(800);
      expect(shop.gc).toHaveBeenCalledTimes(5);
    } finally {
      stop();
    }
  });

  it("counts the garbage of start-up as growth, and not a collection's own time as being busy", () => {
    // A worker that has just loaded the shop: a large heap, little of it in use.
    const shop = fakeProcess({ heap: 160 * MB, used: 70 * MB });
    shop.state.gcMs = 300;
    const stop = collectWhenIdle({ checkEveryMs: CHECK_MS, minGrowthBytes: 32 * MB, probe: shop.probe });
    try {
      shop.check(0);
      expect(shop.gc).toHaveBeenCalledTimes(2);
      expect(shop.state.heap).toBe(70 * MB);
      shop.check(0);
      expect(shop.gc).toHaveBeenCalledTimes(3); // the follow-up, though the collections took 600 ms
    } finally {
      stop();
    }
  });

  it("leaves a heap that has not grown enough alone", () => {
    const shop = fakeProcess({ heap: 100 * MB });
    const stop = collectWhenIdle({ checkEveryMs: CHECK_MS, minGrowthBytes: 32 * MB, probe: shop.probe });
    try {
      shop.state.heap = 120 * MB;
      shop.check(500);
      shop.check(0);
      shop.check(0);
      expect(shop.gc).not.toHaveBeenCalled();
    } finally {
      stop();
    }
  });
});
