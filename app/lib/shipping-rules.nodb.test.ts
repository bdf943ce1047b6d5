import { describe, expect, it } from "vitest";
import { describeRate, methodSchema, taxRateSchema, zoneSchema } from "./shipping-rules";

const issues = (result: { success: boolean; error?: { issues: { path: (string | number)[]; message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((i) => [i.path.join("."), i.message]);

describe("a shipping zone", () => {
  it("names countries from the list, or every other country, once each", () => {
    expect(zoneSchema.parse({ name: " Europe ", countries: ["Germany", "France", "Germany"] })).toEqual({
      name: "Europe",
      countries: ["Germany", "France"],
    });
    // A form's one chosen option comes as a string.
    expect(zoneSchema.parse({ name: "Rest", countries: "*" }).countries).toEqual(["*"]);
    expect(issues(zoneSchema.safeParse({ name: "", countries: [] }))).toEqual([
      ["name", "Enter the zone's name"],
      ["countries", "Choose the countries this zone ships to"],
    ]);
    expect(issues(zoneSchema.safeParse({ name: "X", countries: ["Atlantis"] }))).toEqual([
      ["countries", "Choose countries from the list"],
    ]);
    expect(issues(zoneSchema.safeParse({ name: "X", countries: { a: 1 } }))).toEqual([
      ["countries.0", "Choose countries from the list"],
    ]);
  });
});

describe("a shipping method", () => {
  const base = { zoneId: "z1", name: "Standard" };

  it("at a flat rate needs its price, and may be free over an amount", () => {
    expect(methodSchema("en-US").parse({ ...base, kind: "flat", price: "4.90", freeOver: "50" })).toEqual({
      ...base,
      kind: "flat",
      priceCents: 4_90,
      freeOverCents: 50_00,
      bands: [],
    });
    expect(methodSchema("en-US").parse({ ...base, kind: "flat", price: 0, freeOver: "" }).freeOverCents).toBeNull();
    expect(issues(methodSchema("en-US").safeParse({ ...base, kind: "flat", price: "" }))).toEqual([
      ["price", "Enter the price"],
    ]);
    expect(issues(methodSchema("en-US").safeParse({ ...base, kind: "flat", price: "4.9.0" }))).toEqual([
      ["price", "The price must be an amount such as 25 or 19.99"],
    ]);
    expect(issues(methodSchema("en-US").safeParse({ ...base, kind: "air" }))).toEqual([
      ["kind", "Choose flat, by weight or by order value"],
    ]);
  });

  it("reads only the fields of its kind: what the others hold is ignored", () => {
    const bands = [{ upTo: "not a weight", price: "nor a price" }];
    expect(methodSchema("en-US").parse({ ...base, kind: "flat", price: "4.90", bands })).toMatchObject({
      priceCents: 4_90,
      bands: [],
    });
    expect(
      methodSchema("en-US").parse({ ...base, kind: "weight", price: "not a price", bands: [{ upTo: "", price: "5" }] }),
    ).toMatchObject({ priceCents: 0, bands: [{ upTo: null, priceCents: 5_00 }] });
  });

  it("by weight takes bands in grams, ascending, the form's empty rows left out, the last maybe open", () => {
    const parsed = methodSchema("en-US").parse({
      ...base,
      kind: "weight",
      bands: [
        { upTo: "1000", price: "5" },
        { upTo: "", price: "" },
        { upTo: "5000", price: "12.50" },
        { upTo: "", price: "30" },
      ],
    });
    expect(parsed.bands).toEqual([
      { upTo: 1000, priceCents: 5_00 },
      { upTo: 5000, priceCents: 12_50 },
      { upTo: null, priceCents: 30_00 },
    ]);
    expect(issues(methodSchema("en-US").safeParse({ ...base, kind: "weight", bands: [] }))).toEqual([
      ["bands[0].price", "Enter at least one band's price"],
    ]);
    expect(
      issues(
        methodSchema("en-US").safeParse({
          ...base,
          kind: "weight",
          bands: [
            { upTo: "5000", price: "5" },
            { upTo: "1000", price: "9" },
          ],
        }),
      ),
    ).toEqual([["bands[1].upTo", "Each band must go higher than the one before"]]);
    expect(
      issues(
        methodSchema("en-US").safeParse({
          ...base,
          kind: "weight",
          bands: [
            { upTo: "", price: "5" },
            { upTo: "1000", price: "9" },
          ],
        }),
      ),
    ).toEqual([["bands[0].upTo", "Only the last band can go on without a limit"]]);
    expect(
      issues(methodSchema("en-US").safeParse({ ...base, kind: "weight", bands: [{ upTo: "1.5", price: "5" }] })),
    ).toEqual([["bands[0].upTo", "Enter a weight in grams, such as 1000"]]);
    expect(
      issues(methodSchema("en-US").safeParse({ ...base, kind: "weight", bands: [{ upTo: "10", price: "x" }] })),
    ).toEqual([["bands[0].price", "The price must be an amount such as 25 or 19.99"]]);
  });

  it("by order value takes its bands' limits as amounts", () => {
    const parsed = methodSchema("en-US").parse({
      ...base,
      kind: "value",
      bands: [{ upTo: 49.99, price: 9 }, { price: 0 }],
    });
    expect(parsed.bands).toEqual([
      { upTo: 49_99, priceCents: 9_00 },
      { upTo: null, priceCents: 0 },
    ]);
    expect(
      issues(
        methodSchema("en-US").safeParse({ ...base, kind: "value", bands: Array(9).fill({ upTo: "", price: "1" }) }),
      ),
    ).toEqual([["bands", "At most 8 bands"]]);
  });

  it("reads its amounts as the shop's locale writes money, JSON numbers as they are", () => {
    const german = methodSchema("de-DE");
    expect(german.parse({ ...base, kind: "flat", price: "4,90", freeOver: "1.000" })).toMatchObject({
      priceCents: 4_90,
      freeOverCents: 1_000_00,
    });
    expect(
      german.parse({
        ...base,
        kind: "value",
        bands: [
          { upTo: "49,99", price: "4.90" },
          { upTo: 1000.5, price: 0 },
        ],
      }).bands,
    ).toEqual([
      { upTo: 49_99, priceCents: 4_90 },
      { upTo: 1_000_50, priceCents: 0 },
    ]);
    expect(issues(german.safeParse({ ...base, kind: "weight", bands: [{ upTo: "10", price: "x" }] }))).toEqual([
      ["bands[0].price", "The price must be an amount such as 25 or 19,99"],
    ]);
  });

  it("is described in words", () => {
    const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
    expect(describeRate({ kind: "flat", priceCents: 25_00, bands: [], freeOverCents: 200_00 }, money)).toBe(
      "$25.00; free over $200.00",
    );
    expect(
      describeRate(
        {
          kind: "weight",
          priceCents: 0,
          freeOverCents: null,
          bands: [
            { upTo: 750, priceCents: 5_00 },
            { upTo: 2500, priceCents: 9_00 },
            { upTo: null, priceCents: 20_00 },
          ],
        },
        money,
      ),
    ).toBe("by weight: up to 750 g $5.00, up to 2.5 kg $9.00, above $20.00");
  });
});

describe("a tax rate", () => {
  it("is a percentage of a country, or of one of its regions", () => {
    expect(taxRateSchema.parse({ country: "Germany", name: "VAT", rate: "19" })).toEqual({
      country: "Germany",
      region: "*",
      name: "VAT",
      rate: 1900,
    });
    expect(
      taxRateSchema.parse({ country: "United States of America", region: "CA", name: "Sales tax", rate: 7.25 }),
    ).toMatchObject({ region: "CA", rate: 725 });
    expect(taxRateSchema.parse({ country: "*", name: "Tax", rate: "100" }).rate).toBe(10_000);
    expect(issues(taxRateSchema.safeParse({ country: "Germany", name: "VAT", rate: "101" }))).toEqual([
      ["rate", "Enter a percentage from 0 to 100, such as 19 or 7.25"],
    ]);
    expect(issues(taxRateSchema.safeParse({ country: "Mars", name: "", rate: "" }))).toEqual([
      ["country", "Choose a country from the list"],
      ["name", "Enter the tax's name"],
      ["rate", "Enter the rate"],
    ]);
    expect(issues(taxRateSchema.safeParse({ country: "*", region: "Bavaria", name: "VAT", rate: "5" }))).toEqual([
      ["region", "A rate for every country cannot name a region"],
    ]);
  });
});
