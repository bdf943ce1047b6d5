import { describe, expect, it } from "vitest";
import { textQuery } from "./search";

describe("textQuery (PostgreSQL's tsquery)", () => {
  it("needs every word and makes the last a prefix", () => {
    expect(textQuery("macb")).toBe("macb:*");
    expect(textQuery("MacBook Air")).toBe("macbook & air:*");
  });

  it("folds case and accents", () => {
    expect(textQuery("Crème BRÛLÉE")).toBe("creme & brulee:*");
  });

  it("keeps only words, so tsquery syntax typed by a user cannot change the query", () => {
    expect(textQuery("foo | !bar <-> (baz:*B) & 'q'")).toBe("foo & bar & baz & b & q:*");
    expect(textQuery("!&|()<->:*'")).toBeNull();
    expect(textQuery("   ")).toBeNull();
  });

  it("bounds the number of terms", () => {
    expect(textQuery("a b c d e", 2)).toBe("a & b:*");
  });
});
