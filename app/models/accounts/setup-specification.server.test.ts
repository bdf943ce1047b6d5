import { beforeAll, expect, it } from "vitest";
import { followCatalogueVersion } from "~/db/dialect";
import { setupSchema } from "~/lib/setup";
import { createUser } from "../../../tests/unit/fixtures";
import { pricingRules } from "~/models/pricing";
import { completeSetup, setupToken, startEmpty } from "./setup.server";
import { getShopSettings } from "~/models/settings";

// The other way through a shop's setup (setup.server.test.ts walks the first): a shop with an
// account keeps its rules at start, and the specification's rules replace the migration's.

beforeAll(() => followCatalogueVersion());

const describeRules = async () => {
  const rules = await pricingRules();
  return {
    zones: rules.zones.map((z) => [z.name, z.countries, z.methods.map((m) => [m.name, m.priceCents, m.freeOverCents])]),
    taxRates: rules.taxRates.map((r) => [r.country, r.region, r.name, r.rateBp]),
  };
};

it("a shop with an account keeps its rules at start; the specification's rules, chosen at setup, are priced as the spec says", async () => {
  const migrated = await describeRules();
  await createUser("Early Shopper");
  await startEmpty();
  expect(await describeRules()).toEqual(migrated);

  await completeSetup(
    setupSchema.parse({
      token: setupToken(),
      name: "Sam Owner",
      email: "sam@example.com",
      password: "owner-password-1",
      shopName: "Sam's",
      currency: "USD",
      locale: "en-US",
      homeCountry: "United States of America",
      rules: "spec",
      // Ignored with the specification's rules.
      shippingPrice: "nonsense",
    }),
  );
  expect(await describeRules()).toEqual({
    zones: [["Everywhere", ["*"], [["Standard", 2500, 20000]]]],
    taxRates: [["*", "*", "Tax", 500]],
  });
  // Not in the EU: prices before tax, shipping untaxed (the specification's rule).
  expect(await getShopSettings()).toMatchObject({
    name: "Sam's",
    homeCountry: "United States of America",
    pricesIncludeTax: false,
    taxOnShipping: false,
  });
});
