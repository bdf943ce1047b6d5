import { describe, expect, it } from "vitest";
import { formatOrderNumber, parseOrderNumber } from "./order-number";

describe("order numbers", () => {
  it("are shown with a hash", () => {
    expect(formatOrderNumber(1001)).toBe("#1001");
  });

  it("are read from a search with or without the hash", () => {
    expect(parseOrderNumber("1001")).toBe(1001);
    expect(parseOrderNumber(" #1042 ")).toBe(1042);
    expect(parseOrderNumber("# 7")).toBe(7);
    expect(parseOrderNumber("Processing")).toBeNull();
    expect(parseOrderNumber("10a")).toBeNull();
    expect(parseOrderNumber("")).toBeNull();
  });
});
