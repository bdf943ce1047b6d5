import { beforeAll, describe, expect, it } from "vitest";
import { followCatalogueVersion } from "~/db/dialect";
import { refusal } from "../../../tests/unit/refusals";
import { methodSchema, taxRateSchema, zoneSchema } from "~/lib/shipping-rules";
import { reserveOrder } from "~/models/checkout";
import { setCartLine, userCart } from "~/models/cart";
import { pricingRules } from "./pricing.server";
import {
  createMethod,
  createTaxRate,
  createZone,
  deleteTaxRate,
  deleteZone,
  getMethod,
  updateMethod,
  updateZone,
} from "./shipping-rules.server";
import { saveShippingChoice } from "./shipping.server";
import { saveShopSettings } from "~/models/settings";
import { getUserById } from "~/models/accounts";
import { createProduct, createUser } from "../../../tests/unit/fixtures";
import { SHIPPING } from "../../../tests/unit/buying";

// The owner's writes to the shipping and tax rules, on both engines: each country in one zone, names
// unique where they are chosen by, and an order keeps what it was priced with.

beforeAll(() => followCatalogueVersion());

describe("the owner's shipping zones", () => {
  it("hold each country once: a country in another zone is refused by name", async () => {
    const europe = await createZone(zoneSchema.parse({ name: "Europe", countries: ["Germany", "Austria"] }));
    expect(
      await refusal(createZone(zoneSchema.parse({ name: "DACH", countries: ["Switzerland", "Austria"] }))),
    ).toEqual({
      message: "Already in another zone: Austria (Europe). Take them out of it first.",
      status: 409,
      field: "countries",
    });
    expect(await refusal(createZone(zoneSchema.parse({ name: "World", countries: ["*"] })))).toEqual({
      message: "Already in another zone: Every other country (Everywhere). Take them out of it first.",
      status: 409,
      field: "countries",
    });
    expect(await refusal(createZone(zoneSchema.parse({ name: "Europe", countries: ["Spain"] })))).toEqual({
      message: "Another zone has this name: choose another",
      status: 409,
      field: "name",
    });
    // Nothing of a refused zone was kept.
    expect((await pricingRules()).zones.map((z) => z.name)).toEqual(["Everywhere", "Europe"]);

    await updateZone(europe.id, zoneSchema.parse({ name: "Central Europe", countries: ["Austria", "Switzerland"] }));
    const dach = await createZone(zoneSchema.parse({ name: "Germany", countries: ["Germany"] }));
    expect((await pricingRules()).zones.map((z) => [z.name, z.countries])).toEqual([
      ["Everywhere", ["*"]],
      ["Central Europe", ["Austria", "Switzerland"]],
      ["Germany", ["Germany"]],
    ]);
    expect(await refusal(updateZone("nope", zoneSchema.parse({ name: "X", countries: ["Chad"] })))).toMatchObject({
      status: 404,
    });
    await deleteZone(dach.id);
    await deleteZone(europe.id);
  });

  it("take methods only into a zone that exists, named once in each zone", async () => {
    const zone = await createZone(zoneSchema.parse({ name: "Nordics", countries: ["Norway", "Sweden"] }));
    const method = (name: string, zoneId = zone.id) =>
      methodSchema("en-US").parse({ zoneId, name, kind: "flat", price: "9" });
    const post = await createMethod(method("Post"));
    expect(await refusal(createMethod(method("Post")))).toEqual({
      message: "This zone has a method of this name: choose another",
      status: 409,
      field: "name",
    });
    expect(await refusal(createMethod(method("Courier", "missing")))).toEqual({
      message: "Choose one of the shop's zones",
      status: 400,
      field: "zoneId",
    });
    const courier = await createMethod(method("Courier"));
    expect(
      (await pricingRules()).zones.find((z) => z.id === zone.id)!.methods.map((m) => [m.name, m.position]),
    ).toEqual([
      ["Post", 0],
      ["Courier", 1],
    ]);
    await updateMethod(courier.id, { ...method("Courier"), priceCents: 15_00 });
    expect((await getMethod(courier.id))!.priceCents).toBe(15_00);
    await deleteZone(zone.id);
    // Its methods went with it.
    expect(await getMethod(post.id)).toBeUndefined();
  });

  it("have one tax rate for each country and region", async () => {
    const rate = await createTaxRate(
      taxRateSchema.parse({ country: "Canada", region: "Quebec", name: "QST", rate: "9.98" }),
    );
    expect(rate).toMatchObject({ country: "Canada", region: "Quebec", rateBp: 998 });
    expect(
      await refusal(createTaxRate(taxRateSchema.parse({ country: "Canada", region: "Quebec", name: "X", rate: "1" }))),
    ).toEqual({
      message: "There is a rate for this country and region already: change that one",
      status: 409,
      field: "region",
    });
    await deleteTaxRate(rate.id);
    expect(await refusal(deleteTaxRate(rate.id))).toMatchObject({ status: 404, message: "Tax rate not found" });
  });
});

describe("an order", () => {
  it("ships by the method the buyer chose, and keeps its name and the tax it was priced with", async () => {
    const zone = await createZone(zoneSchema.parse({ name: "Benelux", countries: ["Belgium", "Netherlands"] }));
    const post = await createMethod(
      methodSchema("en-US").parse({ zoneId: zone.id, name: "Post", kind: "flat", price: "5" }),
    );
    const express = await createMethod(
      methodSchema("en-US").parse({ zoneId: zone.id, name: "Express", kind: "flat", price: "15" }),
    );
    const vat = await createTaxRate(taxRateSchema.parse({ country: "Belgium", name: "BTW", rate: "21" }));
    await saveShopSettings({ pricesIncludeTax: true });
    try {
      const productId = await createProduct({ priceCents: 121_00, stock: 3 });
      const userId = await createUser("Belgian Buyer");
      await setCartLine(userCart(userId), productId, 1);
      const belgium = { ...SHIPPING, country: "Belgium" };
      // Two methods: the buyer must choose.
      expect(
        await refusal(
          saveShippingChoice(
            userId,
            [{ productId, category: "Laptops", priceCents: 121_00, quantity: 1 }],
            belgium,
            null,
          ),
        ),
      ).toEqual({
        message: "Choose how your order is shipped to Belgium",
        status: 400,
        field: "shippingMethod",
      });
      expect(
        await saveShippingChoice(
          userId,
          [{ productId, category: "Laptops", priceCents: 121_00, quantity: 1 }],
          belgium,
          express.id,
        ),
      ).toEqual({
        id: express.id,
        name: "Express",
        priceCents: 15_00,
      });
      const { order } = await reserveOrder((await getUserById(userId))!);
      expect(order).toMatchObject({
        itemsPriceCents: 121_00,
        shippingPriceCents: 15_00,
        taxPriceCents: 21_00,
        totalPriceCents: 136_00,
        shippingMethod: "Express",
        taxName: "BTW",
        taxRateBp: 2100,
        taxIncluded: true,
      });
      // One method: no choice needed, and an unknown choice takes it.
      await deleteZone(zone.id);
      expect(
        await saveShippingChoice(
          userId,
          [{ productId: "any", category: "Laptops", priceCents: 1, quantity: 1 }],
          belgium,
          post.id,
        ),
      ).toMatchObject({
        name: "Standard",
      });
    } finally {
      await saveShopSettings({ pricesIncludeTax: false });
      await deleteTaxRate(vat.id);
    }
  });
});
