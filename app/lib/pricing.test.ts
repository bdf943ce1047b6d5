import { describe, expect, it } from "vitest";
import { priceOrder } from "./pricing";

describe("priceOrder", () => {
  it("charges $25 shipping up to and including a $200 subtotal, nothing above", () => {
    expect(priceOrder([{ priceCents: 200_00, quantity: 1 }]).shippingCents).toBe(25_00);
    expect(priceOrder([{ priceCents: 200_01, quantity: 1 }]).shippingCents).toBe(0);
    expect(priceOrder([{ priceCents: 100_00, quantity: 2 }]).shippingCents).toBe(25_00);
  });

  it("taxes 5% of the subtotal, rounded half up at the cent", () => {
    expect(priceOrder([{ priceCents: 10, quantity: 1 }]).taxCents).toBe(1); // 0.5 cent -> 1
    expect(priceOrder([{ priceCents: 9, quantity: 1 }]).taxCents).toBe(0); // 0.45 cent -> 0
    expect(priceOrder([{ priceCents: 1999, quantity: 3 }]).taxCents).toBe(300); // 299.85 -> 300
    expect(priceOrder([{ priceCents: 1234_56, quantity: 1 }]).taxCents).toBe(61_73); // 6172.8 -> 6173
  });

  it("adds it all up", () => {
    expect(
      priceOrder([
        { priceCents: 99_95, quantity: 1 },
        { priceCents: 49_99, quantity: 2 },
      ]),
    ).toEqual({
      itemsCents: 199_93,
      shippingCents: 25_00,
      taxCents: 10_00, // 999.65 cents -> 1000
      totalCents: 234_93,
    });
    expect(priceOrder([])).toEqual({ itemsCents: 0, shippingCents: 25_00, taxCents: 0, totalCents: 25_00 });
  });
});
