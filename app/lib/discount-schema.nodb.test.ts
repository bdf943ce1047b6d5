import { describe, expect, it } from "vitest";
import { discountSchema } from "./discount-schema";

const base = { name: "Autumn sale", code: "AUTUMN" };

describe("the owner's discount form", () => {
  it("reads only the value of the kind chosen: what the other field holds is ignored", () => {
    expect(
      discountSchema("en-US").parse({ ...base, kind: "percent", percent: "10", amount: "not an amount" }),
    ).toMatchObject({
      percent: 10_00,
      amount: null,
    });
    expect(discountSchema("en-US").parse({ ...base, kind: "amount", percent: "nope", amount: "15" })).toMatchObject({
      percent: null,
      amount: 15_00,
    });
    expect(discountSchema("en-US").parse({ ...base, kind: "free_shipping", percent: "x", amount: "y" })).toMatchObject({
      percent: null,
      amount: null,
    });
  });

  it("still asks for the value of the kind chosen", () => {
    const result = discountSchema("en-US").safeParse({ ...base, kind: "amount", percent: "10", amount: "" });
    expect(result.success ? [] : result.error.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["amount", "Enter the amount off"],
    ]);
  });
});
