import { describe, expect, it } from "vitest";
import { toFtsQuery } from "./fts";

describe("toFtsQuery", () => {
  it("makes the last word a prefix", () => {
    expect(toFtsQuery("macb")).toBe('"macb"*');
    expect(toFtsQuery("MacBook Air")).toBe('"macbook" "air"*');
  });

  it("folds case and accents", () => {
    expect(toFtsQuery("Crème BRÛLÉE")).toBe('"creme" "brulee"*');
  });

  it("keeps only words, so FTS syntax typed by a user cannot change the query", () => {
    expect(toFtsQuery('foo" OR name:* NEAR(')).toBe('"foo" "or" "name" "near"*');
    expect(toFtsQuery("-*()^:")).toBeNull();
    expect(toFtsQuery("   ")).toBeNull();
  });

  it("bounds the number of terms", () => {
    expect(toFtsQuery("a b c d e", 2)).toBe('"a" "b"*');
  });
});
