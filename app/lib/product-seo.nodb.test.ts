import { describe, expect, it } from "vitest";
import { productJsonLd, productShareMeta, shortDescription, type ProductForSeo } from "./product-seo";

const BASE = "https://shop.example.com";
const product: ProductForSeo = {
  id: "p1",
  name: "Laptop </script><script>alert(1)</script>",
  description: "Fast.\n\nLight.",
  priceCents: 129_950,
  category: "Laptops",
  stock: 3,
  ratings: 4.5,
  numOfReviews: 2,
  images: [{ url: "/uploads/p1.webp" }],
};

describe("productJsonLd", () => {
  it("describes the product, its offer and its breadcrumbs", () => {
    const [ld, crumbs] = productJsonLd(product, BASE, "ShopIT");
    expect(ld).toMatchObject({
      "@type": "Product",
      name: product.name,
      sku: "p1",
      productID: "p1",
      category: "Laptops",
      image: [`${BASE}/uploads/p1.webp`],
      offers: {
        price: "1299.50",
        priceCurrency: "USD",
        availability: "https://schema.org/InStock",
        url: `${BASE}/product/p1`,
      },
      aggregateRating: { ratingValue: 4.5, reviewCount: 2 },
    });
    expect(crumbs.itemListElement.map((c) => [c.position, c.item])).toEqual([
      [1, `${BASE}/`],
      [2, `${BASE}/search?category=Laptops`],
      [3, `${BASE}/product/p1`],
    ]);
  });

  it("links the category's page and offers in the shop's currency when given", () => {
    const [ld, crumbs] = productJsonLd(product, BASE, "ShopIT", "/category/laptops", "EUR");
    expect(ld.offers.priceCurrency).toBe("EUR");
    expect(crumbs.itemListElement[1]).toMatchObject({ name: "Laptops", item: `${BASE}/category/laptops` });
  });

  it("says OutOfStock without stock and leaves aggregateRating out when unrated", () => {
    const [ld] = productJsonLd({ ...product, stock: 0, ratings: 0, numOfReviews: 0 }, BASE, "ShopIT");
    expect(ld.offers.availability).toBe("https://schema.org/OutOfStock");
    expect(ld).not.toHaveProperty("aggregateRating");
  });
});

describe("productShareMeta", () => {
  it("carries Open Graph, Twitter and JSON-LD tags with absolute URLs", () => {
    const tags = productShareMeta(product, BASE, "ShopIT");
    expect(tags).toContainEqual({ property: "og:type", content: "product" });
    expect(tags).toContainEqual({ property: "og:image", content: `${BASE}/uploads/p1.webp` });
    expect(tags).toContainEqual({ property: "og:url", content: `${BASE}/product/p1` });
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
    expect(tags).toContainEqual({ property: "og:description", content: "Fast. Light." });
    expect(tags.filter((t) => "script:ld+json" in t)).toHaveLength(2);
  });

  it("falls back to a small card without a picture", () => {
    const tags = productShareMeta({ ...product, images: [] }, BASE, "ShopIT");
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary" });
    expect(tags.some((t) => "property" in t && t.property === "og:image")).toBe(false);
  });
});

describe("shortDescription", () => {
  it("keeps one line of at most 160 characters", () => {
    expect(shortDescription("a ".repeat(200))).toHaveLength(160);
    expect(shortDescription("a ".repeat(200)).endsWith("…")).toBe(true);
  });
});
