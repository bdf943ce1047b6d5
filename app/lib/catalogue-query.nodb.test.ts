import { describe, expect, it } from "vitest";
import { effectiveSort, parseProductQuery } from "./catalogue-query";

const SHOP_CATEGORIES = ["Laptops", "Cameras"];
const parse = (query: string, keyword?: string) =>
  parseProductQuery(new URLSearchParams(query), SHOP_CATEGORIES, { keyword });

describe("parseProductQuery", () => {
  it("defaults to the first page with no filters", () => {
    expect(parse("")).toEqual({ success: true, query: { page: 1 } });
  });

  it("reads the original API's bracketed filters, prices in cents", () => {
    const result = parse("keyword=mac&page=2&category=Laptops&price[gte]=10.5&price[lte]=200&ratings[gte]=4");
    expect(result).toEqual({
      success: true,
      query: { keyword: "mac", page: 2, category: "Laptops", priceGteCents: 1050, priceLteCents: 20000, ratingsGte: 4 },
    });
  });

  it("treats blank form fields as absent", () => {
    expect(parse("price[gte]=&price[lte]=%20&category=&ratings[gte]=&page=")).toEqual({
      success: true,
      query: { page: 1 },
    });
  });

  it.each([
    ["page=0", "page", "page must be a whole number from 1"],
    ["page=abc", "page", "page must be a whole number from 1"],
    ["page=-2", "page", "page must be a whole number from 1"],
    ["page=1.5", "page", "page must be a whole number from 1"],
    ["category=Toys", "category", "category must be one of"],
    ["category=laptops", "category", "category must be one of"],
    ["price[gte]=abc", "priceGte", "The minimum price must be an amount such as 25 or 19.99"],
    ["price[lte]=-5", "priceLte", "The maximum price cannot be negative"],
    ["price[gte]=1.999", "priceGte", 'The minimum price "1.999" is unclear'],
    ["ratings[gte]=6", "ratingsGte", "The minimum rating must be a number from 0 to 5"],
    ["ratings[gte]=5.5", "ratingsGte", "The minimum rating must be a number from 0 to 5"],
    ["price[gte]=50&price[lte]=10", "priceLte", "The minimum price cannot be more than the maximum price"],
    ["sort=cheapest", "sort", "sort must be one of: relevance, newest, price-asc, price-desc, rating"],
    ["sort=PRICE-ASC", "sort", "sort must be one of"],
  ])("rejects %s with a message for the field", (query, field, message) => {
    const result = parse(query);
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.message).toContain(message);
    expect(result.fieldErrors[field as keyof typeof result.fieldErrors]).toContain(message);
  });

  it("reads price bounds as the shop's locale writes money", () => {
    const german = (query: string) =>
      parseProductQuery(new URLSearchParams(query), SHOP_CATEGORIES, { locale: "de-DE" });
    expect(german("price[gte]=39,90&price[lte]=1.099")).toMatchObject({
      success: true,
      query: { priceGteCents: 39_90, priceLteCents: 1_099_00 },
    });
    expect(german("price[gte]=zehn")).toMatchObject({
      success: false,
      fieldErrors: { priceGte: "The minimum price must be an amount such as 25 or 19,99" },
    });
    expect(parse("price[gte]=1,099.50")).toMatchObject({ success: true, query: { priceGteCents: 1_099_50 } });
  });

  it("takes the keyword from the path when given, trimmed, and bounds its length", () => {
    expect(parse("keyword=ignored", "  laptop ")).toMatchObject({ success: true, query: { keyword: "laptop" } });
    const long = parse("", "x".repeat(101));
    expect(long.success).toBe(false);
  });
});

describe("sort", () => {
  it.each(["relevance", "newest", "price-asc", "price-desc", "rating"])("reads sort=%s", (sort) => {
    expect(parse(`sort=${sort}`)).toMatchObject({ success: true, query: { sort } });
  });

  it("leaves a blank sort unset", () => {
    expect(parse("sort=")).toEqual({ success: true, query: { page: 1 } });
  });

  it("defaults to relevance with a keyword and newest without; relevance needs a keyword", () => {
    expect(effectiveSort({ keyword: "mac" })).toBe("relevance");
    expect(effectiveSort({})).toBe("newest");
    expect(effectiveSort({ keyword: "  " })).toBe("newest");
    expect(effectiveSort({ sort: "relevance" })).toBe("newest");
    expect(effectiveSort({ keyword: "mac", sort: "price-desc" })).toBe("price-desc");
    expect(effectiveSort({ sort: "rating" })).toBe("rating");
  });
});
