import { describe, expect, it } from "vitest";
import { pageSchema, slugOf } from "./page-schema";

const problems = (input: Record<string, unknown>) => {
  const parsed = pageSchema.safeParse(input);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join("."), i.message]));
};

describe("a page's fields", () => {
  it("make the address from the title when none is given", () => {
    expect(slugOf("Shipping & Returns")).toBe("shipping-returns");
    expect(slugOf("  Über uns!  ")).toBe("uber-uns");
    expect(pageSchema.parse({ title: "Shipping & Returns", body: "Text", inFooter: "on" })).toEqual({
      title: "Shipping & Returns",
      slug: "shipping-returns",
      body: "Text",
      inFooter: true,
      position: 0,
    });
    expect(pageSchema.parse({ title: "FAQ", slug: "Help", body: "x", position: "7" })).toMatchObject({
      slug: "help",
      inFooter: false,
      position: 7,
    });
  });

  it("say what is wrong with each", () => {
    expect(problems({ title: " ", slug: "no spaces", body: "  ", position: "-1" })).toEqual({
      title: "Enter the page's title",
      slug: "Use lower-case letters, digits and hyphens, such as shipping-returns",
      body: "Write the page's text",
      position: "The order must be a whole number from 0 to 999",
    });
    expect(problems({ title: "!!!", body: "x" })).toEqual({
      slug: "Enter the page's address, such as shipping-returns",
    });
    expect(problems({ title: "Long", body: "x".repeat(50_001) })).toEqual({
      body: "The text can be at most 50,000 characters",
    });
    expect(problems({ title: "Path", slug: "../admin", body: "x" })).toMatchObject({ slug: expect.any(String) });
  });
});
