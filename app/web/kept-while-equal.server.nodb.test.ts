import { describe, expect, it } from "vitest";
import { keptWhileEqual } from "./kept-while-equal.server";

describe("keptWhileEqual", () => {
  it("hands back the kept object while the answer holds the same", () => {
    const first = keptWhileEqual("user-a", { rows: [{ id: "o1", status: "Processing" }], total: 1 });
    const again = keptWhileEqual("user-a", { rows: [{ id: "o1", status: "Processing" }], total: 1 });
    expect(again).toBe(first);
  });

  it("keeps the new object once the answer changes", () => {
    const before = keptWhileEqual("user-b", { rows: [{ id: "o1", status: "Processing" }] });
    const changed = { rows: [{ id: "o1", status: "Shipped" }] };
    expect(keptWhileEqual("user-b", changed)).toBe(changed);
    expect(keptWhileEqual("user-b", { rows: [{ id: "o1", status: "Shipped" }] })).toBe(changed);
    expect(keptWhileEqual("user-b", { rows: [{ id: "o1", status: "Processing" }] })).not.toBe(before);
  });

  it("never hands one key's object to another key", () => {
    const mine = keptWhileEqual("user-c", { rows: [] });
    const theirs = { rows: [] };
    expect(keptWhileEqual("user-d", theirs)).toBe(theirs);
    expect(keptWhileEqual("user-c", { rows: [] })).toBe(mine);
  });

  it("forgets the least recently used keys beyond its bound", () => {
    const oldest = keptWhileEqual("first", { n: 0 });
    for (let i = 0; i < 500; i++) keptWhileEqual(`filler ${i}`, { n: i });
    expect(keptWhileEqual("first", { n: 0 })).not.toBe(oldest);
  });

  it("forgets the least recently used answers beyond 4 MB, however few", () => {
    const big = (n: number) => ({ n, rows: "x".repeat(100_000) });
    const oldest = keptWhileEqual("big 0", big(0));
    for (let i = 1; i <= 50; i++) keptWhileEqual(`big ${i}`, big(i));
    expect(keptWhileEqual("big 0", big(0))).not.toBe(oldest);
    const recent = keptWhileEqual("big 50", big(50));
    expect(keptWhileEqual("big 50", big(50))).toBe(recent);
  });
});
