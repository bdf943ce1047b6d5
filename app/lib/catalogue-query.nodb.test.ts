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
    ["price[gte]=abc", "priceGte", "The minimum price must be an amount in dollars"],
    ["price[lte]=-5", "priceLte", "The maximum price must be an amount in dollars"],
    ["price[gte]=1.999", "priceGte", "The minimum price must be an amount in dollars"],
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
