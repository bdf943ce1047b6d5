import { describe, expect, it } from "vitest";
import { canonicalUrl, pageMeta } from "./meta";

const BASE = "https://shop.example.com";

describe("canonicalUrl", () => {
  it("keeps only the parameters that define the content, in a fixed order", () => {
    expect(
      canonicalUrl(BASE, "/search/laptop", "?utm_source=x&page=2&category=Laptops&fbclid=1", ["category", "page"]),
    ).toBe(`${BASE}/search/laptop?category=Laptops&page=2`);
  });

  it("drops blank values, the first page and everything on pages that keep nothing", () => {
    expect(canonicalUrl(BASE, "/", "?page=1", ["page"])).toBe(`${BASE}/`);
    expect(canonicalUrl(BASE, "/search/x", "?category=&page=3", ["category", "page"])).toBe(`${BASE}/search/x?page=3`);
    expect(canonicalUrl(BASE, "/product/p1", "?image=2&utm_medium=mail")).toBe(`${BASE}/product/p1`);
  });

  it("encodes what it keeps", () => {
    expect(canonicalUrl(BASE, "/search/x", "?price%5Bgte%5D=10", ["price[gte]"])).toBe(
      `${BASE}/search/x?price%5Bgte%5D=10`,
    );
  });
});

describe("pageMeta", () => {
  const args = {
    matches: [{ id: "root", data: { shopName: "Shop", publicUrl: BASE } }],
    location: { pathname: "/cart", search: "?ref=mail" },
  };

  it("gives the title, description and canonical link, and noindex when asked", () => {
    expect(pageMeta(args, { title: "Your Cart", description: "Cart.", noindex: true })).toEqual([
      { title: "Your Cart - Shop" },
      { name: "description", content: "Cart." },
      { tagName: "link", rel: "canonical", href: `${BASE}/cart` },
      { name: "robots", content: "noindex" },
    ]);
    expect(pageMeta(args, { title: "T", description: "D" })).toHaveLength(3);
  });
});
