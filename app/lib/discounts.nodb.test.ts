import { describe, expect, it } from "vitest";
import { applyDiscounts, normalCode, refusalOf, type DiscountLine, type DiscountRule } from "./discounts";
import { moneyFormatter, DEFAULT_MONEY_FORMAT } from "./money";

const rule = (over: Partial<DiscountRule> = {}): DiscountRule => ({
  id: "d1",
  code: "SAVE10",
  name: "Ten percent",
  kind: "percent",
  value: 10_00,
  minSubtotalCents: null,
  startsAt: null,
  endsAt: null,
  usageLimit: null,
  perCustomerLimit: null,
  productIds: [],
  categories: [],
  paused: false,
  timesUsed: 0,
  ...over,
});

const laptop: DiscountLine = { productId: "p-laptop", category: "Laptops", priceCents: 999_99, quantity: 1 };
const cable: DiscountLine = { productId: "p-cable", category: "Accessories", priceCents: 9_99, quantity: 3 };
const now = new Date("2026-11-27T12:00:00Z");
const formatMoney = moneyFormatter(DEFAULT_MONEY_FORMAT);
const why = (r: DiscountRule, lines: DiscountLine[] = [laptop, cable], customerUses = 0) =>
  refusalOf(r, { lines, now, customerUses, formatMoney });

describe("whether a discount applies, in the shopper's words", () => {
  it("applies when nothing stands against it", () => {
    expect(why(rule())).toBeNull();
  });

  it("says a paused, future, expired or used-up code is so", () => {
    expect(why(rule({ paused: true }))).toBe("This code is not in use at the moment.");
    expect(why(rule({ startsAt: new Date("2026-11-28T00:00:00Z") }))).toBe("This code is not valid yet.");
    expect(why(rule({ endsAt: now }))).toBe("This code has expired.");
    expect(why(rule({ endsAt: new Date(now.getTime() + 1) }))).toBeNull();
    expect(why(rule({ usageLimit: 5, timesUsed: 5 }))).toBe("This code has been used up.");
    expect(why(rule({ usageLimit: 5, timesUsed: 4 }))).toBeNull();
  });

  it("counts the buyer's own uses against their limit", () => {
    expect(why(rule({ perCustomerLimit: 1 }), [laptop], 1)).toBe("You have already used this code.");
    expect(why(rule({ perCustomerLimit: 3 }), [laptop], 3)).toBe("You have already used this code 3 times.");
    expect(why(rule({ perCustomerLimit: 3 }), [laptop], 2)).toBeNull();
  });

  it("says how much more to spend for a minimum subtotal", () => {
    expect(why(rule({ minSubtotalCents: 50_00 }), [cable])).toBe("Spend $20.03 more to use this code.");
    expect(why(rule({ minSubtotalCents: 29_97 }), [cable])).toBeNull();
  });

  it("says when it covers nothing in the cart", () => {
    expect(why(rule({ categories: ["Phones"] }))).toBe("This code does not apply to anything in your cart.");
    expect(why(rule({ productIds: ["p-cable"] }), [laptop])).toBe("This code does not apply to anything in your cart.");
    expect(why(rule({ categories: ["Accessories"] }))).toBeNull();
  });
});

describe("what discounts take off", () => {
  it("takes a percent of the items it covers, rounded half up at the cent", () => {
    // 10% of $29.97 = 299.7 cents -> 300.
    expect(applyDiscounts([rule({ categories: ["Accessories"] })], [laptop, cable], 25_00)).toEqual({
      applied: [{ id: "d1", code: "SAVE10", name: "Ten percent", kind: "percent", amountCents: 3_00 }],
      itemsOffCents: 3_00,
      shippingCents: 25_00,
    });
    // 12.5% of $0.04 = 0.5 cent -> 1; of $0.03 = 0.375 -> 0, and a discount of nothing is left out.
    const tiny = (priceCents: number) => [{ ...cable, priceCents, quantity: 1 }];
    expect(applyDiscounts([rule({ value: 12_50 })], tiny(4), 0).itemsOffCents).toBe(1);
    expect(applyDiscounts([rule({ value: 12_50 })], tiny(3), 0)).toEqual({
      applied: [],
      itemsOffCents: 0,
      shippingCents: 0,
    });
  });

  it("takes a fixed amount, never more than the items it covers cost", () => {
    expect(applyDiscounts([rule({ kind: "amount", value: 50_00 })], [cable], 0).itemsOffCents).toBe(29_97);
    expect(applyDiscounts([rule({ kind: "amount", value: 5_00 })], [cable], 0).itemsOffCents).toBe(5_00);
  });

  it("makes the shipping free, once", () => {
    const free = rule({ kind: "free_shipping", value: 0, code: "SHIPFREE" });
    const result = applyDiscounts([free, { ...free, id: "d2" }], [cable], 25_00);
    expect(result.shippingCents).toBe(0);
    expect(result.applied).toEqual([
      { id: "d1", code: "SHIPFREE", name: "Ten percent", kind: "free_shipping", amountCents: 25_00 },
    ]);
  });

  it("adds a promotion and a code up, never past the items' price", () => {
    const promotion = rule({ id: "p", code: null, name: "Autumn", value: 60_00 });
    const code = rule({ id: "c", kind: "amount", value: 500_00 });
    const result = applyDiscounts([promotion, code], [laptop], 0);
    expect(result.applied.map((a) => [a.id, a.amountCents])).toEqual([
      ["p", 599_99], // 60% of $999.99 = 59999.4 -> 59999
      ["c", 400_00],
    ]);
    expect(result.itemsOffCents).toBe(999_99);
  });
});

it("matches codes whatever their case and spaces", () => {
  expect(normalCode("  save10 ")).toBe("SAVE10");
});
