import { describe, expect, it } from "vitest";
import { textQuery } from "./search";

describe("textQuery", () => {
  it("makes the last word a prefix", () => {
    expect(textQuery("macb")).toBe('"macb"*');
    expect(textQuery("MacBook Air")).toBe('"macbook" "air"*');
  });

  it("folds case and accents", () => {
    expect(textQuery("Crème BRÛLÉE")).toBe('"creme" "brulee"*');
  });

  it("keeps only words, so FTS syntax typed by a user cannot change the query", () => {
    expect(textQuery('foo" OR name:* NEAR(')).toBe('"foo" "or" "name" "near"*');
    expect(textQuery("-*()^:")).toBeNull();
    expect(textQuery("   ")).toBeNull();
  });

  it("bounds the number of terms", () => {
    expect(textQuery("a b c d e", 2)).toBe('"a" "b"*');
  });
});
