import { describe, expect, it } from "vitest";
import { LOW_STOCK_THRESHOLD, stockBadge } from "./stock-badge";

describe("stockBadge", () => {
  it("says out of stock at zero (and below, should a count ever go negative)", () => {
    expect(stockBadge(0)).toEqual({ label: "Out of stock", tone: "out" });
    expect(stockBadge(-1)).toEqual({ label: "Out of stock", tone: "out" });
  });

  it("says how many are left from 1 up to the threshold of 5", () => {
    expect(LOW_STOCK_THRESHOLD).toBe(5);
    expect(stockBadge(1)).toEqual({ label: "Only 1 left", tone: "low" });
    expect(stockBadge(5)).toEqual({ label: "Only 5 left", tone: "low" });
  });

  it("shows nothing above the threshold", () => {
    expect(stockBadge(6)).toBeNull();
    expect(stockBadge(500)).toBeNull();
  });
});
