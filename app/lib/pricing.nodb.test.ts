import { describe, expect, it } from "vitest";
import {
  hasNoWeight,
  percentOf,
  priceBySpec,
  priceOrder,
  shippingCentsOf,
  taxCentsOf,
  taxLabel,
  type ShippingRate,
} from "./pricing";

describe("the specification's pricing", () => {
  it("charges $25 shipping up to and including a $200 subtotal, nothing above", () => {
    expect(priceBySpec([{ priceCents: 200_00, quantity: 1 }]).shippingCents).toBe(25_00);
    expect(priceBySpec([{ priceCents: 200_01, quantity: 1 }]).shippingCents).toBe(0);
    expect(priceBySpec([{ priceCents: 100_00, quantity: 2 }]).shippingCents).toBe(25_00);
  });

  it("taxes 5% of the subtotal, rounded half up at the cent", () => {
    expect(priceBySpec([{ priceCents: 10, quantity: 1 }]).taxCents).toBe(1); // 0.5 cent -> 1
    expect(priceBySpec([{ priceCents: 9, quantity: 1 }]).taxCents).toBe(0); // 0.45 cent -> 0
    expect(priceBySpec([{ priceCents: 1999, quantity: 3 }]).taxCents).toBe(300); // 299.85 -> 300
    expect(priceBySpec([{ priceCents: 1234_56, quantity: 1 }]).taxCents).toBe(61_73); // 6172.8 -> 6173
  });

  it("adds it all up", () => {
    expect(
      priceBySpec([
        { priceCents: 99_95, quantity: 1 },
        { priceCents: 49_99, quantity: 2 },
      ]),
    ).toEqual({
      itemsCents: 199_93,
      discountCents: 0,
      shippingCents: 25_00,
      taxCents: 10_00, // 999.65 cents -> 1000
      totalCents: 234_93,
      taxIncluded: false,
    });
    expect(priceBySpec([])).toEqual({
      itemsCents: 0,
      discountCents: 0,
      shippingCents: 25_00,
      taxCents: 0,
      totalCents: 25_00,
      taxIncluded: false,
    });
  });
});

describe("shipping rates", () => {
  const byWeight: ShippingRate = {
    kind: "weight",
    priceCents: 0,
    freeOverCents: null,
    bands: [
      { upTo: 1000, priceCents: 5_00 },
      { upTo: 5000, priceCents: 12_00 },
    ],
  };

  it("prices by the band the cart's weight falls in, its upper bound included", () => {
    expect(shippingCentsOf(byWeight, [{ priceCents: 1, quantity: 4, weightGrams: 250 }])).toBe(5_00);
    expect(shippingCentsOf(byWeight, [{ priceCents: 1, quantity: 1, weightGrams: 1001 }])).toBe(12_00);
    expect(shippingCentsOf(byWeight, [{ priceCents: 1, quantity: 2, weightGrams: 2500 }])).toBe(12_00);
  });

  it("prices products without a weight by the first band; beside weighed ones they add nothing", () => {
    expect(shippingCentsOf(byWeight, [{ priceCents: 1, quantity: 9 }])).toBe(5_00);
    expect(shippingCentsOf(byWeight, [{ priceCents: 1, quantity: 9, weightGrams: null }])).toBe(5_00);
    const heavyFirst = { ...byWeight, bands: [{ upTo: 3000, priceCents: 9_00 }] };
    expect(shippingCentsOf(heavyFirst, [{ priceCents: 1, quantity: 1 }])).toBe(9_00);
    expect(
      shippingCentsOf(byWeight, [
        { priceCents: 1, quantity: 1 },
        { priceCents: 1, quantity: 1, weightGrams: 2000 },
      ]),
    ).toBe(12_00);
    expect(
      hasNoWeight([
        { priceCents: 1, quantity: 1 },
        { priceCents: 1, quantity: 1, weightGrams: 1 },
      ]),
    ).toBe(false);
  });

  it("cannot carry what is heavier than a closed last band; an open band takes the rest", () => {
    expect(shippingCentsOf(byWeight, [{ priceCents: 1, quantity: 1, weightGrams: 5001 }])).toBeNull();
    const open = { ...byWeight, bands: [...byWeight.bands, { upTo: null, priceCents: 30_00 }] };
    expect(shippingCentsOf(open, [{ priceCents: 1, quantity: 1, weightGrams: 99_000 }])).toBe(30_00);
  });

  it("prices by the order's value, and any kind is free over its amount", () => {
    const byValue: ShippingRate = {
      kind: "value",
      priceCents: 0,
      freeOverCents: 500_00,
      bands: [
        { upTo: 50_00, priceCents: 9_00 },
        { upTo: null, priceCents: 4_00 },
      ],
    };
    expect(shippingCentsOf(byValue, [{ priceCents: 50_00, quantity: 1 }])).toBe(9_00);
    expect(shippingCentsOf(byValue, [{ priceCents: 50_01, quantity: 1 }])).toBe(4_00);
    expect(shippingCentsOf(byValue, [{ priceCents: 500_00, quantity: 1 }])).toBe(4_00);
    expect(shippingCentsOf(byValue, [{ priceCents: 500_01, quantity: 1 }])).toBe(0);
    expect(
      shippingCentsOf({ ...byWeight, freeOverCents: 10_00 }, [{ priceCents: 11_00, quantity: 1, weightGrams: 9e6 }]),
    ).toBe(0);
  });
});

describe("tax", () => {
  it("adds the rate, rounded half up at the cent", () => {
    expect(taxCentsOf(100_00, { rateBp: 725, included: false })).toBe(7_25);
    expect(taxCentsOf(1_99, { rateBp: 725, included: false })).toBe(14); // 14.4275 -> 14
    expect(taxCentsOf(2_00, { rateBp: 725, included: false })).toBe(15); // 14.5 -> 15
    expect(taxCentsOf(0, { rateBp: 725, included: false })).toBe(0);
    expect(taxCentsOf(100_00, { rateBp: 0, included: false })).toBe(0);
  });

  it("finds the VAT inside a price that includes it: price × rate / (1 + rate)", () => {
    expect(taxCentsOf(119_00, { rateBp: 1900, included: true })).toBe(19_00);
    expect(taxCentsOf(100_00, { rateBp: 1900, included: true })).toBe(15_97); // 1596.64 -> 1597
    expect(taxCentsOf(10_00, { rateBp: 2000, included: true })).toBe(1_67); // 166.67 -> 167
    expect(taxCentsOf(3, { rateBp: 2000, included: true })).toBe(1); // 0.5 -> 1
    expect(taxCentsOf(2, { rateBp: 2000, included: true })).toBe(0); // 0.33 -> 0
  });

  it("does not add an included tax to the total again", () => {
    const prices = priceOrder([{ priceCents: 59_50, quantity: 2 }], 4_90, { rateBp: 1900, included: true });
    expect(prices).toEqual({
      itemsCents: 119_00,
      discountCents: 0,
      shippingCents: 4_90,
      taxCents: 19_00,
      totalCents: 123_90,
      taxIncluded: true,
    });
  });

  it("writes rates as people do", () => {
    expect([500, 1900, 725, 1050, 0].map(percentOf)).toEqual(["5%", "19%", "7.25%", "10.5%", "0%"]);
  });
});

describe("a discount", () => {
  it("comes off the items before tax is added", () => {
    // $100 of items, $10 off: 5% of $90 is $4.50.
    expect(priceOrder([{ priceCents: 100_00, quantity: 1 }], 25_00, { rateBp: 500, included: false }, 10_00)).toEqual({
      itemsCents: 100_00,
      discountCents: 10_00,
      shippingCents: 25_00,
      taxCents: 4_50,
      totalCents: 119_50,
      taxIncluded: false,
    });
  });

  it("lowers the VAT inside VAT-inclusive prices", () => {
    // €119 including 19% VAT, €19 off: €100 paid, of which VAT is 100 × 19 / 119 = 15.966… → €15.97.
    expect(priceOrder([{ priceCents: 119_00, quantity: 1 }], 0, { rateBp: 1900, included: true }, 19_00)).toEqual({
      itemsCents: 119_00,
      discountCents: 19_00,
      shippingCents: 0,
      taxCents: 15_97,
      totalCents: 100_00,
      taxIncluded: true,
    });
  });

  it("that takes everything off leaves no tax", () => {
    const prices = priceOrder([{ priceCents: 5_00, quantity: 2 }], 0, { rateBp: 500, included: false }, 10_00);
    expect(prices).toMatchObject({ taxCents: 0, totalCents: 0 });
  });
});

describe("tax on shipping (EU VAT)", () => {
  const vat = { rateBp: 1900, included: true, onShipping: true };
  it("counts the VAT inside the shipping price too when prices include it, without changing the total", () => {
    // A German order: 100,00 € of items and 4,99 € shipping, VAT 19% included in both.
    const prices = priceOrder([{ priceCents: 100_00, quantity: 1 }], 4_99, vat);
    // 10.499 × 19 / 119 = 16,76 €; on the items alone it was 15,97 €, missing the 0,80 € in the shipping.
    expect(prices).toMatchObject({ taxCents: 16_76, totalCents: 104_99, taxIncluded: true });
    expect(priceOrder([{ priceCents: 100_00, quantity: 1 }], 4_99, { ...vat, onShipping: false }).taxCents).toBe(15_97);
  });

  it("adds the tax on shipping when prices exclude it", () => {
    const prices = priceOrder([{ priceCents: 100_00, quantity: 1 }], 25_00, {
      rateBp: 500,
      included: false,
      onShipping: true,
    });
    expect(prices).toMatchObject({ taxCents: 6_25, totalCents: 131_25 });
  });

  it("is named on the receipt", () => {
    expect(taxLabel({ name: "VAT", rateBp: 1900, onShipping: true })).toBe("VAT (19%, shipping included)");
    expect(taxLabel({ name: "VAT", rateBp: 1900 })).toBe("VAT (19%)");
    expect(taxLabel(null)).toBe("Tax");
  });
});
