import { describe, expect, it } from "vitest";
import { GERMAN_OWNER_FORM } from "../../tests/unit/setup-form";
import { isInEu, setupSchema } from "./setup";

/** The message beside each refused field. */
function problems(input: Record<string, unknown>): Record<string, string> {
  const parsed = setupSchema.safeParse(input);
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join("."), issue.message]));
}

const valid = { ...GERMAN_OWNER_FORM, freeOver: "50" };

describe("the setup form", () => {
  it("reads the owner, the shop and one flat rate and tax rate", () => {
    expect(setupSchema.parse(valid)).toMatchObject({
      email: "olga@example.com",
      shopName: "Volt",
      rules: "own",
      shippingCents: 499,
      freeOverCents: 5000,
      taxBp: 1900,
    });
    expect(setupSchema.parse({ ...valid, rules: "spec", shippingPrice: "", taxRate: "x" })).toMatchObject({
      rules: "spec",
    });
  });

  it("says every problem at once, the rates' with the rest", () => {
    expect(
      problems({
        token: "t",
        name: "",
        email: "olga at example",
        password: "short",
        shopName: " ",
        currency: "XBT",
        locale: "tlh",
        homeCountry: "",
        rules: "own",
        shippingPrice: "",
        freeOver: "lots",
        taxRate: "",
      }),
    ).toEqual({
      name: "Please enter your name",
      email: "Please enter valid email address",
      password: "Your password must be at least 8 characters",
      shopName: "Enter the shop's name",
      currency: "Choose one of the listed currencies",
      locale: "Choose one of the listed languages",
      homeCountry: "Choose the country the shop is in",
      shippingPrice: "Enter the shipping price",
      freeOver: "The amount must be an amount such as 25 or 19.99",
      taxRate: "Enter the tax rate (0 for none)",
    });
    expect(problems({ ...valid, rules: "both" })).toEqual({ rules: "Choose the shipping and tax to start with" });
    expect(problems({ ...valid, homeCountry: "Atlantis" })).toEqual({ homeCountry: "Choose a country from the list" });
  });

  it("knows the European Union's members by the list's names", () => {
    expect(["Germany", "France", "Czech Republic", "Ireland"].every(isInEu)).toBe(true);
    expect(["United Kingdom", "Switzerland", "United States of America", ""].some(isInEu)).toBe(false);
  });
});
