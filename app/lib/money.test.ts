import { describe, expect, it } from "vitest";
import { centsToDollars, dollarsToCents, formatMoney } from "./money";

describe("money", () => {
  it("formats cents as dollars with two decimals and thousands separators", () => {
    expect(formatMoney(123450)).toBe("$1,234.50");
    expect(formatMoney(5)).toBe("$0.05");
    expect(formatMoney(0)).toBe("$0.00");
  });

  it("converts between dollars and cents without float drift", () => {
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(0.29)).toBe(29);
    expect(dollarsToCents(1234.56)).toBe(123456);
    expect(centsToDollars(1999)).toBe(19.99);
  });
});
