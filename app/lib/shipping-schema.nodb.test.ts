import { describe, expect, it } from "vitest";
import { addressLines } from "./address";
import { apiShippingSchema, shippingSchema } from "./shipping-schema";

const base = { recipientName: "Jane Doe", address: "1 Main St", city: "Town", phoneNo: "555 0100" };

function postal(postalCode: string, country: string) {
  const result = shippingSchema.safeParse({ ...base, postalCode, country });
  return result.success
    ? { ok: true as const, postalCode: result.data.postalCode }
    : { ok: false as const, errors: result.error.flatten().fieldErrors };
}

describe("postal codes", () => {
  it.each([
    ["SW1A 1AA", "United Kingdom", "SW1A 1AA"],
    ["sw1a  1aa ", "United Kingdom", "SW1A 1AA"],
    ["K1A 0B1", "Canada", "K1A 0B1"],
    ["k1a0b1", "Canada", "K1A0B1"],
    ["1012 AB", "Netherlands", "1012 AB"],
    ["1012ab", "Netherlands", "1012AB"],
    ["12345", "United States of America", "12345"],
    ["12345-6789", "United States of America", "12345-6789"],
    ["10115", "Germany", "10115"],
    ["75002", "France", "75002"],
  ])("accepts %s in %s, kept as %s", (code, country, kept) => {
    expect(postal(code, country)).toEqual({ ok: true, postalCode: kept });
  });

  it.each([
    ["12345", "United Kingdom", "That is not a valid postal code for the United Kingdom"],
    ["K1A 0B", "Canada", "That is not a valid postal code for Canada"],
    ["1012", "Netherlands", "That is not a valid postal code for the Netherlands"],
    ["1234", "United States of America", "That is not a valid postal code for the United States of America"],
    ["12345-67", "United States of America", "That is not a valid postal code for the United States of America"],
    ["1011", "Germany", "That is not a valid postal code for Germany"],
  ])("refuses %s in %s with the country's message", (code, country, message) => {
    expect(postal(code, country)).toEqual({ ok: false, errors: { postalCode: [message] } });
  });

  it("names the country by the list's name when the API sends another English name", () => {
    const result = apiShippingSchema.safeParse({ ...base, postalCode: "ABC", country: "United States" });
    expect(result.success).toBe(false);
    expect(result.error!.flatten().fieldErrors).toEqual({
      postalCode: ["That is not a valid postal code for the United States of America"],
    });
  });

  it("falls back to 2 to 12 letters, digits, spaces or dashes where no rule is known", () => {
    // Hong Kong has no postal codes in postcode-validator; neither has a name that is no country.
    for (const country of ["Hong Kong", "Atlantis"]) {
      expect(postal("ab-12 3", country)).toEqual({ ok: true, postalCode: "AB-12 3" });
      for (const bad of ["1", "1234567890123", "12#45", "--"]) {
        expect(postal(bad, country)).toEqual({
          ok: false,
          errors: { postalCode: ["The postal code must be 2 to 12 letters, digits, spaces or dashes"] },
        });
      }
    }
  });

  it("asks for a postal code when there is none", () => {
    expect(postal("  ", "Germany")).toEqual({ ok: false, errors: { postalCode: ["Please enter your postal code"] } });
  });
});

describe("recipient and region", () => {
  it("the form needs the recipient's name; the region is optional and empty means none", () => {
    const missing = shippingSchema.safeParse({
      ...base,
      recipientName: " ",
      state: "",
      postalCode: "10115",
      country: "Germany",
    });
    expect(missing.error?.flatten().fieldErrors).toEqual({ recipientName: ["Please enter the recipient's name"] });
    const ok = shippingSchema.parse({ ...base, state: "", postalCode: "10115", country: "Germany" });
    expect(ok.state).toBeUndefined();
    expect(shippingSchema.parse({ ...base, state: " Berlin ", postalCode: "10115", country: "Germany" }).state).toBe(
      "Berlin",
    );
  });

  it("the API may leave both out, or send the region as null", () => {
    const { recipientName: _, ...withoutName } = base;
    const parsed = apiShippingSchema.parse({
      ...withoutName,
      state: null,
      postalCode: "12345",
      country: "United States",
    });
    expect(parsed.recipientName).toBeUndefined();
    expect(parsed.state).toBeUndefined();
  });
});

describe("addressLines", () => {
  it("writes the address as on a parcel, with the region when there is one", () => {
    const address = {
      recipientName: "Jane Doe",
      address: "10 Downing St",
      city: "London",
      postalCode: "SW1A 2AA",
      country: "United Kingdom",
    };
    expect(addressLines(address)).toEqual(["Jane Doe", "10 Downing St", "London SW1A 2AA", "United Kingdom"]);
    expect(addressLines({ ...address, city: "Springfield", state: "IL", postalCode: "62701" })).toEqual([
      "Jane Doe",
      "10 Downing St",
      "Springfield, IL 62701",
      "United Kingdom",
    ]);
  });

  it("reads an order's shipping columns", () => {
    expect(
      addressLines({
        shippingRecipientName: "Jane Doe",
        shippingAddress: "Damrak 1",
        shippingCity: "Amsterdam",
        shippingState: null,
        shippingPostalCode: "1012 AB",
        shippingCountry: "Netherlands",
      }),
    ).toEqual(["Jane Doe", "Damrak 1", "Amsterdam 1012 AB", "Netherlands"]);
  });
});

describe("errors together", () => {
  it("shows the postal code's message with the other fields' messages", () => {
    const result = shippingSchema.safeParse({
      recipientName: "Jane Doe",
      address: "",
      city: "London",
      phoneNo: "020 7946 0000",
      postalCode: "12345",
      country: "United Kingdom",
    });
    expect(result.error?.flatten().fieldErrors).toEqual({
      address: ["Please enter your address"],
      postalCode: ["That is not a valid postal code for the United Kingdom"],
    });
  });
});
