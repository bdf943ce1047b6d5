import { describe, expect, it } from "vitest";
import { createProduct } from "../../../tests/unit/fixtures";
import {
  catalogueSitemap,
  escapeXml,
  renderSitemap,
  robotsTxt,
  sitemapPageCount,
  type SitemapSource,
} from "./sitemap.server";

const BASE = "https://shop.example.com";
const source = (n: number): SitemapSource => {
  const all = Array.from({ length: n }, (_, i) => ({
    loc: `${BASE}/product/${i + 1}`,
    lastmod: new Date(Date.UTC(2026, 0, i + 1)),
  }));
  return { count: n, urls: async (offset, count) => all.slice(offset, offset + count) };
};
const locs = (xml: string | null) => [...(xml ?? "").matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

describe("sitemap chunking", () => {
  it("needs no index while the URLs fit in one sitemap", () => {
    expect(sitemapPageCount(0, 3)).toBe(0);
    expect(sitemapPageCount(3, 3)).toBe(0);
    expect(sitemapPageCount(4, 3)).toBe(2);
    expect(sitemapPageCount(7, 3)).toBe(3);
  });

  it("answers one urlset with lastmod when the URLs fit", async () => {
    const xml = await renderSitemap(source(3), "root", { publicUrl: BASE, limit: 3 });
    expect(xml).toContain("<urlset ");
    expect(locs(xml)).toEqual([`${BASE}/product/1`, `${BASE}/product/2`, `${BASE}/product/3`]);
    expect(xml).toContain("<lastmod>2026-01-03T00:00:00.000Z</lastmod>");
    expect(await renderSitemap(source(3), 1, { publicUrl: BASE, limit: 3 })).toBeNull();
  });

  it("becomes an index of numbered pages of at most `limit` URLs past the limit", async () => {
    const index = await renderSitemap(source(7), "root", { publicUrl: BASE, limit: 3 });
    expect(index).toContain("<sitemapindex ");
    expect(locs(index)).toEqual([`${BASE}/sitemap/1.xml`, `${BASE}/sitemap/2.xml`, `${BASE}/sitemap/3.xml`]);
    const pages = await Promise.all(
      [1, 2, 3].map(async (page) => locs(await renderSitemap(source(7), page, { publicUrl: BASE, limit: 3 }))),
    );
    expect(pages.map((p) => p.length)).toEqual([3, 3, 1]);
    expect(pages.flat()).toEqual(locs(await renderSitemap(source(7), "root", { publicUrl: BASE, limit: 7 })));
    expect(await renderSitemap(source(7), 4, { publicUrl: BASE, limit: 3 })).toBeNull();
    expect(await renderSitemap(source(7), 0, { publicUrl: BASE, limit: 3 })).toBeNull();
  });

  it("escapes XML's special characters", async () => {
    expect(escapeXml(`a&b<c>"d'`)).toBe("a&amp;b&lt;c&gt;&quot;d&apos;");
    const xml = await renderSitemap({ count: 1, urls: async () => [{ loc: `${BASE}/search?category=A&B<` }] }, "root", {
      publicUrl: BASE,
      limit: 5,
    });
    expect(xml).toContain(`<loc>${BASE}/search?category=A&amp;B&lt;</loc>`);
  });
});

describe("catalogueSitemap", () => {
  it("lists the home page, each category with products and every product, and follows the catalogue", async () => {
    const laptop = await createProduct({ category: "Laptops" });
    const book = await createProduct({ category: "Books" });
    const xml = await catalogueSitemap(BASE, "root");
    expect(locs(xml)).toEqual([
      `${BASE}/`,
      `${BASE}/category/books`,
      `${BASE}/category/laptops`,
      `${BASE}/product/${laptop}`,
      `${BASE}/product/${book}`,
    ]);
    expect(xml?.match(/<lastmod>/g)).toHaveLength(5);

    const later = await createProduct({ category: "Clothes/Shoes" });
    const index = await catalogueSitemap(BASE, "root", 4);
    expect(locs(index)).toEqual([`${BASE}/sitemap/1.xml`, `${BASE}/sitemap/2.xml`]);
    // Page 1: home and the three categories; page 2: the products.
    expect(locs(await catalogueSitemap(BASE, 1, 4))).toContain(`${BASE}/category/clothes-shoes`);
    expect(locs(await catalogueSitemap(BASE, 2, 4))).toEqual(
      [laptop, book, later].map((id) => `${BASE}/product/${id}`),
    );
    expect(await catalogueSitemap(BASE, 3, 4)).toBeNull();
  });
});

describe("robotsTxt", () => {
  it("names the sitemap and keeps the private areas out", () => {
    const text = robotsTxt(BASE);
    expect(text).toContain(`Sitemap: ${BASE}/sitemap.xml`);
    for (const path of [
      "/admin",
      "/dashboard",
      "/api/",
      "/cart",
      "/shipping",
      "/confirm",
      "/payment",
      "/success",
      "/me",
      "/orders",
      "/order/",
      "/password",
      "/lgn",
      "/register",
      "/logout",
      "/_sandbox/",
    ]) {
      expect(text).toContain(`\nDisallow: ${path}\n`);
    }
  });
});
