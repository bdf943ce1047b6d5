import { beforeAll, describe, expect, it } from "vitest";
import { followCatalogueVersion } from "~/db/dialect";
import { refusal } from "../../../tests/unit/refusals";
import { priceBySpec } from "~/lib/pricing";
import { methodSchema, taxRateSchema, zoneSchema } from "~/lib/shipping-rules";
import { cartEstimate, quoteOrder } from "./pricing.server";
import { discountContext } from "./discounts.server";
import {
  createMethod,
  createTaxRate,
  createZone,
  deleteMethod,
  deleteTaxRate,
  deleteZone,
  shippingTo,
  updateMethod,
  updateTaxRate,
} from "./shipping-rules.server";
import { saveShopSettings } from "~/models/settings";
import { pricingRules } from "./pricing.server";

// Shipping and tax by region on both engines: a new shop prices as the specification does; zones,
// methods and rates by country and region change what an order costs, the VAT-inclusive way too.

beforeAll(() => followCatalogueVersion());

const laptop = { productId: "laptop", category: "Laptops", priceCents: 150_00, quantity: 1, weightGrams: 2_000 };
const mouse = { productId: "mouse", category: "Accessories", priceCents: 19_99, quantity: 2, weightGrams: 100 };

describe("a new shop's rules", () => {
  it("are the specification's everywhere: $25 shipping unless over $200, 5% tax added", async () => {
    for (const lines of [[laptop], [laptop, mouse], [mouse]]) {
      for (const country of ["France", "Japan", "United States of America"]) {
        const { prices, method, tax } = await quoteOrder(lines, { country });
        expect(prices).toEqual(priceBySpec(lines));
        expect(method.name).toBe("Standard");
        expect(tax).toEqual({ name: "Tax", rateBp: 500, included: false, onShipping: false });
      }
    }
  });
});

describe("zones, methods and rates", () => {
  it("price an order by its country's zone and method, and its country's (or region's) tax", async () => {
    const europe = await createZone(zoneSchema.parse({ name: "Europe", countries: ["Germany", "France"] }));
    const standard = await createMethod(
      methodSchema("en-US").parse({
        zoneId: europe.id,
        name: "Standard",
        kind: "flat",
        price: "4.90",
        freeOver: "100",
      }),
    );
    const heavy = await createMethod(
      methodSchema("en-US").parse({
        zoneId: europe.id,
        name: "Parcel by weight",
        kind: "weight",
        bands: [
          { upTo: "1000", price: "6" },
          { upTo: "3000", price: "11" },
        ],
      }),
    );
    await createTaxRate(taxRateSchema.parse({ country: "Germany", name: "VAT", rate: "19" }));
    await createTaxRate(taxRateSchema.parse({ country: "France", name: "TVA", rate: "20" }));
    await createTaxRate(
      taxRateSchema.parse({
        country: "United States of America",
        region: "California",
        name: "Sales tax",
        rate: "7.25",
      }),
    );

    // The first method that can carry the order, unless the shopper chose another.
    const first = await quoteOrder([mouse], { country: "Germany" });
    expect(first.options.map((o) => [o.name, o.priceCents])).toEqual([
      ["Standard", 4_90],
      ["Parcel by weight", 6_00],
    ]);
    expect(first.prices).toEqual({
      itemsCents: 39_98,
      discountCents: 0,
      shippingCents: 4_90,
      taxCents: 7_60, // 19% of 39.98 = 7.5962
      totalCents: 52_48,
      taxIncluded: false,
    });
    const chosen = await quoteOrder([laptop, mouse], { country: "France" }, { methodId: heavy.id });
    expect(chosen.method).toEqual({ id: heavy.id, name: "Parcel by weight", priceCents: 11_00 }); // 2.2 kg
    expect(chosen.tax).toEqual({ name: "TVA", rateBp: 2000, included: false, onShipping: false });
    // Free over 100 for the flat method; the weight method cannot carry 4 kg.
    const two = [{ ...laptop, quantity: 2 }];
    expect((await quoteOrder(two, { country: "Germany" })).options).toEqual([
      { id: standard.id, name: "Standard", priceCents: 0 },
    ]);

    // A method of another zone, or one that cannot carry the order: the first instead, or a refusal when named.
    expect((await quoteOrder(two, { country: "Germany" }, { methodId: heavy.id })).method.name).toBe("Standard");
    expect(await refusal(quoteOrder(two, { country: "Germany" }, { methodId: heavy.id, strict: true }))).toEqual({
      message: `Choose one of the shipping methods to Germany: Standard (${standard.id}).`,
      status: 400,
      field: "shippingMethod",
    });

    // Every other country keeps the specification's zone and tax; a region has its own rate.
    const us = await quoteOrder([laptop], { country: "United States of America", state: " california " });
    expect([us.method.name, us.prices.shippingCents, us.tax.name, us.prices.taxCents]).toEqual([
      "Standard",
      25_00,
      "Sales tax",
      10_88, // 7.25% of 150 = 10.875
    ]);
    const texas = await quoteOrder([laptop], { country: "United States of America", state: "Texas" });
    expect(texas.tax).toEqual({ name: "Tax", rateBp: 500, included: false, onShipping: false });

    // The API's view of a country.
    expect(await shippingTo("Germany")).toMatchObject({
      zone: { _id: europe.id, name: "Europe" },
      methods: [
        { name: "Standard", kind: "flat", price: 4.9, freeOver: 100, bands: [] },
        {
          name: "Parcel by weight",
          kind: "weight",
          price: null,
          bands: [
            { upTo: 1000, price: 6 },
            { upTo: 3000, price: 11 },
          ],
        },
      ],
      tax: { name: "VAT", rate: 19, included: false },
    });

    await deleteZone(europe.id);
    expect((await pricingRules()).zones.map((z) => z.name)).toEqual(["Everywhere"]);
    expect((await quoteOrder([mouse], { country: "Germany" })).method.name).toBe("Standard");
  });

  it("with prices that include tax, finds the VAT in the items and does not add it", async () => {
    const rates = await pricingRules();
    const everywhere = rates.taxRates.find((r) => r.country === "*")!;
    await updateTaxRate(everywhere.id, taxRateSchema.parse({ country: "*", name: "VAT", rate: "19" }));
    await saveShopSettings({ pricesIncludeTax: true });
    try {
      const { prices } = await quoteOrder(
        [{ productId: "phone", category: "Phones", priceCents: 119_00, quantity: 1 }],
        { country: "Austria" },
      );
      expect(prices).toEqual({
        itemsCents: 119_00,
        discountCents: 0,
        shippingCents: 25_00,
        taxCents: 19_00,
        totalCents: 144_00,
        taxIncluded: true,
      });
    } finally {
      await saveShopSettings({ pricesIncludeTax: false });
      await updateTaxRate(everywhere.id, taxRateSchema.parse({ country: "*", name: "Tax", rate: "5" }));
    }
  });

  it("price the cart before an address for the shop's home country, else for every other country", async () => {
    const noDiscounts = await discountContext({ couponCode: null, customer: null });
    const estimate = (destination: { country: string } | null) => cartEstimate([mouse], destination, noDiscounts);
    const home = await createZone(zoneSchema.parse({ name: "Home", countries: ["Portugal"] }));
    await createMethod(
      methodSchema("pt-PT").parse({ zoneId: home.id, name: "CTT", kind: "flat", price: "4,90", freeOver: "60" }),
    );
    const iva = await createTaxRate(taxRateSchema.parse({ country: "Portugal", name: "IVA", rate: "23" }));
    try {
      // No home country: the specification's rules for every other country, as before.
      expect(await estimate(null)).toMatchObject({
        country: null,
        home: false,
        tax: { name: "Tax", rateBp: 500 },
        shipping: { priceCents: 25_00, freeOverCents: 200_00 },
      });
      await saveShopSettings({ homeCountry: "Portugal" });
      expect(await estimate(null)).toMatchObject({
        country: "Portugal",
        home: true,
        tax: { name: "IVA", rateBp: 2300, included: false },
        shipping: { priceCents: 4_90, freeOverCents: 60_00 },
      });
      // The shopper's address wins over the home country.
      expect(await estimate({ country: "Japan" })).toMatchObject({
        country: "Japan",
        home: false,
        tax: { name: "Tax", rateBp: 500 },
        shipping: { priceCents: 25_00 },
      });
    } finally {
      await saveShopSettings({ homeCountry: "" });
      await deleteTaxRate(iva.id);
      await deleteZone(home.id);
    }
  });

  it("refuse a country no zone ships to, and an order no method can carry, before anything is paid", async () => {
    const everywhere = (await pricingRules()).zones.find((z) => z.countries.includes("*"))!;
    const standard = everywhere.methods[0];
    await updateMethod(
      standard.id,
      methodSchema("en-US").parse({
        zoneId: everywhere.id,
        name: "Standard",
        kind: "weight",
        freeOver: "200",
        bands: [{ upTo: "1000", price: "25" }],
      }),
    );
    expect(await refusal(quoteOrder([laptop], { country: "Chile" }))).toEqual({
      message: "Sorry, none of our shipping methods to Chile can carry this order.",
      status: 400,
      field: "country",
    });
    // Free over 200 whatever it weighs.
    expect((await quoteOrder([{ ...laptop, quantity: 2 }], { country: "Chile" })).prices.shippingCents).toBe(0);

    const europe = await createZone(zoneSchema.parse({ name: "EU only", countries: ["Spain"] }));
    await createMethod(methodSchema("en-US").parse({ zoneId: europe.id, name: "Post", kind: "flat", price: "3" }));
    await deleteMethod(standard.id);
    await deleteZone(everywhere.id);
    expect(await refusal(quoteOrder([mouse], { country: "Chile" }))).toEqual({
      message: "Sorry, we do not ship to Chile.",
      status: 400,
      field: "country",
    });
    expect(await refusal(shippingTo("Chile"))).toMatchObject({
      status: 400,
      message: "Sorry, we do not ship to Chile.",
    });
    expect((await quoteOrder([mouse], { country: "Spain" })).prices.shippingCents).toBe(3_00);
  });
});
