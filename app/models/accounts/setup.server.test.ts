import { beforeAll, describe, expect, it } from "vitest";
import { followCatalogueVersion } from "~/db/dialect";
import { setupSchema, type SetupInput } from "~/lib/setup";
import { refusal } from "../../../tests/unit/refusals";
import { addCategories, createProduct, createUser } from "../../../tests/unit/fixtures";
import { GERMAN_OWNER_FORM } from "../../../tests/unit/setup-form";
import { quoteOrder, pricingRules } from "~/models/pricing";
import {
  ALREADY_SET_UP,
  completeSetup,
  isSetUp,
  isSetupToken,
  setupChecklist,
  setupToken,
  startEmpty,
} from "./setup.server";
import { getShopSettings } from "~/models/settings";
import { getUserByEmail, verifyCredentials } from "./users.server";

// A shop set up from the browser, on both engines: an empty shop starts without the demo's rules,
// its setup makes the owner's admin account, the settings and the first rules once, and the
// dashboard's checklist says what is left.

beforeAll(() => followCatalogueVersion());

const form = (over: Record<string, string> = {}): SetupInput =>
  setupSchema.parse({ ...GERMAN_OWNER_FORM, token: setupToken(), ...over });

const line = { productId: "p", category: "Lamps", quantity: 1, priceCents: 10_000, weightGrams: null };

describe("a shop's setup", () => {
  it("is guarded by the token of the start log", () => {
    expect(setupToken()).toMatch(/^[\w-]{32}$/);
    expect(isSetupToken(setupToken())).toBe(true);
    for (const wrong of [null, "", "x", setupToken().slice(1), `${setupToken()}x`])
      expect(isSetupToken(wrong)).toBe(false);
  });

  it("starts an empty shop without the demo's shipping and tax", async () => {
    expect((await pricingRules()).zones.map((zone) => zone.name)).toEqual(["Everywhere"]);
    await startEmpty();
    expect(await pricingRules()).toEqual({ zones: [], taxRates: [] });
    // Nothing ships without a zone, and the shopper is told why.
    expect(await refusal(quoteOrder([line], { country: "Germany" }))).toEqual({
      message: "Sorry, this shop does not ship anywhere yet.",
      status: 400,
      field: "country",
    });
  });

  it("makes the owner's admin account, the settings and one zone and rate for the home country, once", async () => {
    const shopper = await createUser("Early Shopper");
    expect(await isSetUp()).toBe(false);
    // A shopper's e-mail is not the owner's: nothing is made.
    expect(await refusal(completeSetup(form({ email: `${shopper}@example.com` })))).toEqual({
      message: "This e-mail has an account already: choose another for the owner",
      status: 409,
      field: "email",
    });
    expect(await isSetUp()).toBe(false);
    const before = await setupChecklist();
    expect(before.filter((step) => step.done).map((step) => step.key)).toEqual([]);

    const owner = await completeSetup(form());
    expect(owner).toMatchObject({ name: "Olga Owner", email: "olga@example.com", role: "admin" });
    expect((await verifyCredentials("olga@example.com", "owner-password-1"))?.id).toBe(owner.id);
    expect(await isSetUp()).toBe(true);

    const settings = await getShopSettings();
    expect(settings).toMatchObject({
      name: "Volt",
      currency: "EUR",
      locale: "de-DE",
      homeCountry: "Germany",
      // Germany is in the EU: VAT style.
      pricesIncludeTax: true,
      taxOnShipping: true,
      heroTitle: "Welcome to Volt",
      heroLink: "",
      ownerMailAdmins: [owner.id],
    });
    const rules = await pricingRules();
    expect(
      rules.zones.map((zone) => [
        zone.name,
        zone.countries,
        zone.methods.map((m) => [m.name, m.priceCents, m.freeOverCents]),
      ]),
    ).toEqual([["Germany", ["Germany"], [["Standard", 499, null]]]]);
    expect(rules.taxRates.map((rate) => [rate.country, rate.region, rate.name, rate.rateBp])).toEqual([
      ["Germany", "*", "VAT", 1900],
    ]);
    expect((await quoteOrder([line], { country: "Germany" })).method.priceCents).toBe(499);
    expect(await refusal(quoteOrder([line], { country: "France" }))).toMatchObject({
      message: "Sorry, we do not ship to France.",
    });

    // Once: a second form is refused, whoever sends it, and the first shopper is still a shopper.
    expect(await refusal(completeSetup(form({ email: "mallory@example.com" })))).toEqual({
      message: ALREADY_SET_UP,
      status: 409,
      field: undefined,
    });
    expect(await getUserByEmail("mallory@example.com")).toBeUndefined();
    expect((await getUserByEmail(`${shopper}@example.com`))?.role).toBe("user");
    expect((await pricingRules()).zones).toHaveLength(1);
  });

  it("lists what is left to set up, each with where it is done", async () => {
    const steps = await setupChecklist();
    expect(steps.map((step) => [step.key, step.done, step.to])).toEqual([
      ["category", false, "/admin/category"],
      ["product", false, "/admin/product"],
      ["shipping", true, "/admin/shipping"],
      ["tax", true, "/admin/shipping"],
      ["payments", false, null],
      ["mail", false, null],
      ["pages", false, "/admin/pages"],
    ]);
    expect(steps.find((step) => step.key === "payments")?.hint).toContain("STRIPE_SECRET_KEY");
    expect(steps.find((step) => step.key === "mail")?.hint).toContain("SMTP_URL");
    await addCategories("Lamps");
    await createProduct({ category: "Lamps" });
    const after = await setupChecklist();
    expect(after.filter((step) => step.done).map((step) => step.key)).toEqual([
      "category",
      "product",
      "shipping",
      "tax",
    ]);
  });
});
