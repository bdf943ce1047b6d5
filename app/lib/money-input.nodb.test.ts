import { describe, expect, it } from "vitest";
import { z } from "zod";
import { currencySymbol, formatMoneyInput, moneyField, parseMoneyInput } from "./money-input";

const cents = (text: string, locale: string) => {
  const parsed = parseMoneyInput(text, locale);
  return "cents" in parsed ? parsed.cents : parsed.problem;
};

describe("parseMoneyInput", () => {
  it("reads a German shop's amounts with either decimal mark, and its thousands", () => {
    expect(cents("39,90", "de-DE")).toBe(3990);
    expect(cents("39.90", "de-DE")).toBe(3990);
    expect(cents("39,9", "de-DE")).toBe(3990);
    expect(cents("39", "de-DE")).toBe(3900);
    expect(cents("1.099,00", "de-DE")).toBe(109900);
    expect(cents("1.099", "de-DE")).toBe(109900);
    expect(cents("1099,5", "de-DE")).toBe(109950);
    expect(cents("1.234.567,89", "de-DE")).toBe(123456789);
    // Written the American way in a German shop: only one reading fits.
    expect(cents("1,099.00", "de-DE")).toBe(109900);
  });

  it("reads an American shop's amounts, with or without thousands separators", () => {
    expect(cents("1,099.00", "en-US")).toBe(109900);
    expect(cents("1099", "en-US")).toBe(109900);
    expect(cents("1,099", "en-US")).toBe(109900);
    expect(cents("19.99", "en-US")).toBe(1999);
    expect(cents("0.05", "en-US")).toBe(5);
    expect(cents("19,99", "en-US")).toBe(1999);
    expect(cents("1.099,00", "en-US")).toBe(109900);
    expect(cents("1,000,000", "en-US")).toBe(100000000);
  });

  it("takes the spaces and apostrophes other locales group with, and a currency sign at either end", () => {
    expect(cents("1 099,00", "fr-FR")).toBe(109900);
    expect(cents("1\u202f099,00", "fr-FR")).toBe(109900);
    expect(cents("1\u00a0099", "sv-SE")).toBe(109900);
    expect(cents("1'099.50", "de-CH")).toBe(109950);
    expect(cents("1’099.50", "de-CH")).toBe(109950);
    expect(cents("12,34,567.00", "en-IN")).toBe(123456700);
    expect(cents("39,90 €", "de-DE")).toBe(3990);
    expect(cents("€39.90", "en-IE")).toBe(3990);
    expect(cents("$1,099.00", "en-US")).toBe(109900);
    expect(cents("  25  ", "en-US")).toBe(2500);
  });

  it("calls a single mark before three digits unclear where it is not the locale's grouping", () => {
    expect(cents("1.099", "en-US")).toBe("unclear");
    expect(cents("1,099", "de-DE")).toBe("unclear");
    expect(cents("1.099", "fr-FR")).toBe("unclear");
    const parsed = parseMoneyInput("1.099", "en-US", "The price");
    expect(parsed).toEqual({
      problem: "unclear",
      message: 'The price "1.099" is unclear: write 1,099.00 for 1,099, or at most two decimals',
    });
    expect(parseMoneyInput("1,099", "de-DE", "The price")).toMatchObject({
      message: 'The price "1,099" is unclear: write 1.099,00 for 1.099, or at most two decimals',
    });
  });

  it("refuses what is no amount, saying so in the locale's way", () => {
    for (const text of [
      "",
      "abc",
      "12a",
      "1e3",
      "0x10",
      ",50",
      "39,",
      "39 90",
      "1.2.3",
      "1,2.3",
      "1.099.00",
      "1,,5",
      "5 $ 5",
    ])
      expect(cents(text, "en-US"), text).toBe("format");
    expect(parseMoneyInput("zwölf", "de-DE", "The price")).toEqual({
      problem: "format",
      message: "The price must be an amount such as 25 or 19,99",
    });
    expect(parseMoneyInput("x", "en-US", "The price")).toMatchObject({
      message: "The price must be an amount such as 25 or 19.99",
    });
    expect(cents("-5", "en-US")).toBe("negative");
    expect(cents("−5,00", "de-DE")).toBe("negative");
    expect(cents("19.9999", "en-US")).toBe("decimals");
    expect(cents("1.099,999", "de-DE")).toBe("decimals");
    expect(cents("9999999.99", "en-US")).toBe(999999999);
    expect(cents("10000000", "en-US")).toBe("large");
    expect(cents("10.000.000,00", "de-DE")).toBe("large");
    expect(cents("0010", "en-US")).toBe(1000);
  });
});

describe("moneyField", () => {
  const schema = (locale: "de-DE" | "en-US") => z.object({ price: moneyField(locale, "The price") });
  const issue = (result: z.SafeParseReturnType<unknown, unknown>) =>
    result.success ? null : result.error.issues[0].message;

  it("reads text in the shop's locale and JSON numbers as they are; empty is null", () => {
    expect(schema("de-DE").parse({ price: "39,90" })).toEqual({ price: 3990 });
    expect(schema("de-DE").parse({ price: 39.9 })).toEqual({ price: 3990 });
    expect(schema("en-US").parse({ price: 0.29 })).toEqual({ price: 29 });
    expect(schema("en-US").parse({ price: " " })).toEqual({ price: null });
    expect(schema("en-US").parse({ price: null })).toEqual({ price: null });
    expect(schema("en-US").parse({})).toEqual({ price: null });
  });

  it("says what is wrong with a number or any other value", () => {
    expect(issue(schema("en-US").safeParse({ price: 19.999 }))).toBe(
      "The price can have at most two decimals, such as 19.99",
    );
    expect(issue(schema("en-US").safeParse({ price: -1 }))).toBe("The price cannot be negative");
    expect(issue(schema("en-US").safeParse({ price: 1e21 }))).toBe("The price must be less than 10,000,000");
    expect(issue(schema("en-US").safeParse({ price: true }))).toBe("The price must be an amount");
  });
});

describe("formatMoneyInput", () => {
  it("writes cents as a field shows them in the locale, and they read back the same", () => {
    expect(formatMoneyInput(3990, "de-DE")).toBe("39,90");
    expect(formatMoneyInput(109900, "de-DE")).toBe("1099,00");
    expect(formatMoneyInput(109900, "de-DE", { grouped: true })).toBe("1.099,00");
    expect(formatMoneyInput(109900, "en-US")).toBe("1099.00");
    expect(formatMoneyInput(109900, "fr-FR", { grouped: true })).toBe("1 099,00");
    for (const locale of ["de-DE", "en-US", "fr-FR", "de-CH", "en-IN", "sv-SE"])
      for (const amount of [0, 5, 3990, 109900, 123456789]) {
        expect(cents(formatMoneyInput(amount, locale), locale)).toBe(amount);
        expect(cents(formatMoneyInput(amount, locale, { grouped: true }), locale)).toBe(amount);
      }
  });
});

describe("currencySymbol", () => {
  it("is the sign the shop writes its currency with", () => {
    expect(currencySymbol({ currency: "USD", locale: "en-US" })).toBe("$");
    expect(currencySymbol({ currency: "EUR", locale: "de-DE" })).toBe("€");
    expect(currencySymbol({ currency: "GBP", locale: "en-GB" })).toBe("£");
  });
});
