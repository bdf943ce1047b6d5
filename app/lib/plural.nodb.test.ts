import { describe, expect, it } from "vitest";
import { countOf, pluralNoun } from "./plural";

describe("pluralNoun", () => {
  it("is singular for exactly one and plural for any other count", () => {
    expect(pluralNoun(1, "item")).toBe("item");
    expect(pluralNoun(0, "item")).toBe("items");
    expect(pluralNoun(2, "item")).toBe("items");
    expect(pluralNoun(21, "review")).toBe("reviews");
  });

  it("takes an irregular plural", () => {
    expect(pluralNoun(1, "person", "people")).toBe("person");
    expect(pluralNoun(3, "person", "people")).toBe("people");
  });
});

describe("countOf", () => {
  it("puts the count before its noun, with thousands separated", () => {
    expect(countOf(1, "review")).toBe("1 review");
    expect(countOf(0, "review")).toBe("0 reviews");
    expect(countOf(3, "unit")).toBe("3 units");
    expect(countOf(1200, "review")).toBe("1,200 reviews");
    expect(countOf(2, "person", "people")).toBe("2 people");
  });
});
