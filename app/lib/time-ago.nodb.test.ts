import { describe, expect, it } from "vitest";
import { timeAgo } from "./time-ago";

describe("timeAgo", () => {
  it("says how long ago, in the largest whole unit", () => {
    const now = new Date(Date.UTC(2026, 4, 1, 12));
    const ago = (ms: number) => timeAgo(new Date(now.getTime() - ms), now);
    expect(ago(0)).toBe("just now");
    expect(ago(59_999)).toBe("just now");
    expect(ago(60_000)).toBe("1 minute ago");
    expect(ago(59 * 60_000)).toBe("59 minutes ago");
    expect(ago(60 * 60_000)).toBe("1 hour ago");
    expect(ago(25 * 60 * 60_000)).toBe("1 day ago");
    expect(ago(30 * 24 * 60 * 60_000)).toBe("30 days ago");
  });
});
