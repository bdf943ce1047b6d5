import type { MetaDescriptor } from "@remix-run/node";
import { absoluteUrl } from "./absolute-url";

/** The product fields search engines and link previews are told about. */
export type ProductForSeo = {
  id: string;
  name: string;
  description: string;
  priceCents: number;
  category: string;
  stock: number;
  ratings: number;
  numOfReviews: number;
  images: { url: string }[];
  /** Its variants, each an offer of its own (none: the product is one offer). */
  variants?: {
    id: string;
    title: string;
    sku: string | null;
    priceCents: number;
    stock: number;
    imageUrl: string | null;
  }[];
};

const DESCRIPTION_LENGTH = 160;

/** The product's description as one line of at most 160 characters, for meta tags. */
export function shortDescription(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length <= DESCRIPTION_LENGTH ? line : `${line.slice(0, DESCRIPTION_LENGTH - 1).trimEnd()}…`;
}

/** The URL of a category's listing, when its page is not known: the search filtered by it (it sends on to the page). */
const categorySearch = (category: string) => `/search?category=${encodeURIComponent(category)}`;

/** Cents as the decimal string schema.org's `price` expects ("1299.50"). */
const decimalPrice = (cents: number) => (cents / 100).toFixed(2);

const availability = (stock: number) => (stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock");

/** One offer, or with variants an AggregateOffer holding each variant's own (its SKU, price, stock and URL). */
function offersOf(product: ProductForSeo, url: string, currency: string) {
  const variants = product.variants ?? [];
  if (variants.length === 0)
    return {
      "@type": "Offer",
      url,
      price: decimalPrice(product.priceCents),
      priceCurrency: currency,
      availability: availability(product.stock),
    };
  const prices = variants.map((v) => v.priceCents);
  return {
    "@type": "AggregateOffer",
    lowPrice: decimalPrice(Math.min(...prices)),
    highPrice: decimalPrice(Math.max(...prices)),
    priceCurrency: currency,
    offerCount: variants.length,
    availability: availability(product.stock),
    offers: variants.map((v) => ({
      "@type": "Offer",
      name: `${product.name} (${v.title})`,
      ...(v.sku ? { sku: v.sku } : {}),
      url: `${url}?variant=${encodeURIComponent(v.id)}`,
      price: decimalPrice(v.priceCents),
      priceCurrency: currency,
      availability: availability(v.stock),
    })),
  };
}

/**
 * schema.org `Product` and `BreadcrumbList` (Home › Category › Product) for a product page. Remix's
 * `<Meta>` writes them as `application/ld+json` with `<` escaped, so a name holding `</script>`
 * cannot end the block.
 */
export function productJsonLd(
  product: ProductForSeo,
  publicUrl: string,
  shopName: string,
  categoryLink = categorySearch(product.category),
  currency = "USD",
) {
  const url = `${publicUrl}/product/${product.id}`;
  const productLd = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: product.description,
    image: product.images.map((image) => absoluteUrl(publicUrl, image.url)),
    sku: product.id,
    productID: product.id,
    category: product.category,
    url,
    offers: offersOf(product, url, currency),
    ...(product.numOfReviews > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: Number(product.ratings.toFixed(2)),
            reviewCount: product.numOfReviews,
          },
        }
      : {}),
  };
  const breadcrumbs = {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: [
      { name: shopName, item: `${publicUrl}/` },
      { name: product.category, item: `${publicUrl}${categoryLink}` },
      { name: product.name, item: url },
    ].map((crumb, i) => ({ "@type": "ListItem", position: i + 1, ...crumb })),
  };
  return [productLd, breadcrumbs] as const;
}

/** Open Graph, Twitter card and JSON-LD tags of a product page (besides its title and canonical). */
export function productShareMeta(
  product: ProductForSeo,
  publicUrl: string,
  shopName: string,
  categoryLink?: string,
  currency?: string,
): MetaDescriptor[] {
  const description = shortDescription(product.description);
  const image = product.images[0] ? absoluteUrl(publicUrl, product.images[0].url) : undefined;
  return [
    { property: "og:type", content: "product" },
    { property: "og:site_name", content: shopName },
    { property: "og:title", content: product.name },
    { property: "og:description", content: description },
    { property: "og:url", content: `${publicUrl}/product/${product.id}` },
    ...(image
      ? [
          { property: "og:image", content: image },
          { property: "og:image:alt", content: product.name },
        ]
      : []),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: product.name },
    { name: "twitter:description", content: description },
    ...(image ? [{ name: "twitter:image", content: image }] : []),
    ...productJsonLd(product, publicUrl, shopName, categoryLink, currency).map((ld) => ({ "script:ld+json": ld })),
  ];
}
