import { describe, expect, it } from "vitest";
import { takeTick, tickOf } from "./scheduled-runs.server";

// Scheduled jobs on several nodes: every node asks at each tick, exactly one runs it.
describe("takeTick", () => {
  it("gives each tick of a job once, and never a tick older than one given", async () => {
    expect(await takeTick("sweeper", 60_000)).toBe(true);
    expect(await takeTick("sweeper", 60_000)).toBe(false);
    expect(await takeTick("other job", 60_000)).toBe(true);
    expect(await takeTick("sweeper", 120_000)).toBe(true);
    expect(await takeTick("sweeper", 60_000)).toBe(false);
  });

  it("gives a tick to exactly one of many asking at once", async () => {
    const tick = tickOf(60_000, Date.UTC(2026, 10, 26, 12, 0, 30));
    expect(tick).toBe(Date.UTC(2026, 10, 26, 12, 0, 0));
    // On PostgreSQL each ask is a transaction on its own pooled connection: they really race.
    const answers = await Promise.all(Array.from({ length: 8 }, () => takeTick("raced", tick)));
    expect(answers.filter(Boolean)).toHaveLength(1);
  });
});
