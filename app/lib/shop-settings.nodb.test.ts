import { describe, expect, it } from "vitest";
import { defaultShopSettings, heroButtonProblem, shopSettingsSchema } from "./shop-settings";

const valid = () => {
  const { logoUrl: _logo, heroImageUrl: _picture, ...input } = defaultShopSettings("ShopIT");
  return input;
};

/** The message beside each refused field. */
function problems(input: Record<string, unknown>): Record<string, string> {
  const parsed = shopSettingsSchema().safeParse(input);
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join("."), issue.message]));
}

describe("the shop's settings", () => {
  it("accept a new shop's defaults as they are", () => {
    expect(shopSettingsSchema().parse(valid())).toEqual(valid());
  });

  it("say what is wrong with each field", () => {
    expect(
      problems({
        ...valid(),
        name: "  ",
        contactEmail: "owner at example",
        currency: "XBT",
        locale: "tlh",
        heroTitle: "",
        heroText: "x".repeat(301),
      }),
    ).toEqual({
      name: "Enter the shop's name",
      contactEmail: "Enter an e-mail address, such as owner@example.com",
      currency: "Choose one of the listed currencies",
      locale: "Choose one of the listed languages",
      heroTitle: "Enter the home page's title",
      heroText: "The text can be at most 300 characters",
    });
    expect(problems({ ...valid(), name: "n".repeat(61) })).toEqual({
      name: "The shop's name can be at most 60 characters",
    });
  });

  it("take a number of days, units or hours as a number or a form's digits, nothing else for one", () => {
    const numbers = ["returnWindowDays", "lowStockThreshold", "cartReminderHours"] as const;
    for (const field of numbers) {
      expect(shopSettingsSchema().parse({ ...valid(), [field]: 30 })[field]).toBe(30);
      expect(shopSettingsSchema().parse({ ...valid(), [field]: " 30 " })[field]).toBe(30);
      expect(shopSettingsSchema().parse({ ...valid(), [field]: "0" })[field]).toBe(0);
      // true read as 1, [] "" and null as 0 before: each is refused with the field's message.
      for (const wrong of [true, false, [], [30], "", "  ", null, {}, "1e2", "0x10", "30 days", 1.5, -1])
        expect(Object.keys(problems({ ...valid(), [field]: wrong })), JSON.stringify(wrong)).toEqual([field]);
    }
    expect(problems({ ...valid(), returnWindowDays: true })).toEqual({
      returnWindowDays: "Enter a number of days from 0 (no returns) to 365",
    });
    expect(problems({ ...valid(), lowStockThreshold: null })).toEqual({
      lowStockThreshold: "Enter a number of units from 0 (no mail) to 100000",
    });
    expect(problems({ ...valid(), cartReminderHours: "" })).toEqual({
      cartReminderHours: "Enter a number of hours from 0 (no reminders) to 720",
    });
  });

  it("tidy what they keep: trimmed, an e-mail in lower case, line ends as \\n", () => {
    const parsed = shopSettingsSchema().parse({
      ...valid(),
      name: "  Volt  ",
      contactEmail: " Owner@Volt.Example ",
      contactAddress: "1 Main Street\r\nSpringfield",
    });
    expect([parsed.name, parsed.contactEmail, parsed.contactAddress]).toEqual([
      "Volt",
      "owner@volt.example",
      "1 Main Street\nSpringfield",
    ]);
    expect(shopSettingsSchema().parse({ ...valid(), contactEmail: "" }).contactEmail).toBe("");
  });

  it("let the hero's button lead to a page of the shop or a web address, nothing else", () => {
    const message = "Enter a page of the shop (starting with /) or a web address (starting with https://)";
    for (const link of [
      "/search?category=Laptops",
      "/product/abc",
      "https://example.com/sale",
      "http://example.com",
      "",
    ])
      expect(problems({ ...valid(), heroLink: link }), link).toEqual({});
    for (const link of [
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "//evil.example/",
      "/\\evil.example",
      "https://",
      "search",
      "/with space",
    ])
      expect(problems({ ...valid(), heroLink: link }), link).toEqual({ heroLink: message });
  });

  it("want a button's label and link together", () => {
    expect(heroButtonProblem({ heroLink: "/", heroLinkLabel: "" })).toEqual({
      field: "heroLinkLabel",
      message: "Enter the button's label",
    });
    expect(heroButtonProblem({ heroLink: "", heroLinkLabel: "Shop" })).toEqual({
      field: "heroLink",
      message: "Enter where the button leads",
    });
    expect(heroButtonProblem({ heroLink: "", heroLinkLabel: "" })).toBeNull();
    expect(heroButtonProblem({ heroLink: "/", heroLinkLabel: "Shop" })).toBeNull();
  });

  it("take the home page's categories by name, once each, one or none, or null for all", () => {
    const schema = shopSettingsSchema();
    const parse = (heroCategories: unknown) => schema.safeParse({ ...valid(), heroCategories });
    expect(parse(["Books", "Laptops", "Books"]).data?.heroCategories).toEqual(["Books", "Laptops"]);
    // A form sends one ticked box as a string, and none as nothing.
    expect(parse("Cameras").data?.heroCategories).toEqual(["Cameras"]);
    expect(parse(undefined).data?.heroCategories).toEqual([]);
    expect(parse(null).data?.heroCategories).toBeNull();
    expect(parse(["x".repeat(41)]).error?.issues[0].message).toBe("Choose categories from the list");
    expect(parse({ Laptops: true }).error?.issues[0].message).toBe("Choose categories from the list");
  });

  it("take a home country from the list, a known time zone and a home page title", () => {
    expect(
      shopSettingsSchema().parse({
        ...valid(),
        homeCountry: "Germany",
        timeZone: "Europe/Berlin",
        taxOnShipping: "on",
      }),
    ).toMatchObject({ homeCountry: "Germany", timeZone: "Europe/Berlin", taxOnShipping: true });
    expect(problems({ ...valid(), homeCountry: "Atlantis", timeZone: "Mars/Olympus", homeTitle: " " })).toEqual({
      homeCountry: "Choose a country from the list",
      timeZone: "Choose a time zone from the list",
      homeTitle: "Enter the home page's title in search results",
    });
  });
});
