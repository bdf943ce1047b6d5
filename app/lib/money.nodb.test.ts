import { describe, expect, it } from "vitest";
import { centsToDollars, DEFAULT_MONEY_FORMAT, dollarsToCents, moneyFormatter } from "./money";

describe("money", () => {
  it("formats cents as dollars with two decimals and thousands separators by default", () => {
    const formatMoney = moneyFormatter(DEFAULT_MONEY_FORMAT);
    expect(formatMoney(123450)).toBe("$1,234.50");
    expect(formatMoney(5)).toBe("$0.05");
    expect(formatMoney(0)).toBe("$0.00");
  });

  it("formats in the shop's currency, the way its locale writes it", () => {
    // Intl writes a narrow no-break space before the euro sign in German: compare without spaces' kinds.
    const plain = (s: string) => s.replace(/\s/g, " ");
    expect(plain(moneyFormatter({ currency: "EUR", locale: "de-DE" })(123450))).toBe("1.234,50 €");
    expect(moneyFormatter({ currency: "GBP", locale: "en-GB" })(123450)).toBe("£1,234.50");
    expect(moneyFormatter({ currency: "EUR", locale: "en-IE" })(5)).toBe("€0.05");
  });

  it("converts between dollars and cents without float drift", () => {
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(0.29)).toBe(29);
    expect(dollarsToCents(1234.56)).toBe(123456);
    expect(centsToDollars(1999)).toBe(19.99);
  });
});
