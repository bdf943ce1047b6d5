import { db } from "~/db/client.server";
import { categoryPath } from "~/lib/product-seo";
import { catalogueVersion } from "./catalogue-version.server";

/** The most URLs one sitemap file may hold (sitemaps.org). */
export const SITEMAP_URL_LIMIT = 50_000;

export type SitemapUrl = { loc: string; lastmod?: Date | null };

/** Where the URLs come from: how many there are, and a window of them in a stable order. */
export type SitemapSource = { count: number; urls(offset: number, count: number): SitemapUrl[] };

const XML_ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

export const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ENTITIES[c]);

const XML_HEADER = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

function entry(tag: "url" | "sitemap", { loc, lastmod }: SitemapUrl): string {
  const date = lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : "";
  return `<${tag}><loc>${escapeXml(loc)}</loc>${date}</${tag}>\n`;
}

export function urlsetXml(urls: SitemapUrl[]): string {
  return `${XML_HEADER}<urlset ${NAMESPACE}>\n${urls.map((url) => entry("url", url)).join("")}</urlset>\n`;
}

export function sitemapIndexXml(sitemaps: SitemapUrl[]): string {
  return `${XML_HEADER}<sitemapindex ${NAMESPACE}>\n${sitemaps.map((s) => entry("sitemap", s)).join("")}</sitemapindex>\n`;
}

/** How many numbered sitemap pages `total` URLs need: 0 when they fit in one sitemap (no index). */
export function sitemapPageCount(total: number, limit: number): number {
  return total <= limit ? 0 : Math.ceil(total / limit);
}

export const sitemapPagePath = (page: number) => `/sitemap/${page}.xml`;

/**
 * The document asked for: `"root"` is /sitemap.xml (all the URLs, or the index of the numbered
 * pages once they are more than `limit`), a number is that page (null when there is no such page).
 */
export function renderSitemap(
  source: SitemapSource,
  document: "root" | number,
  options: { publicUrl: string; limit: number; lastmod?: Date | null },
): string | null {
  const { publicUrl, limit } = options;
  const pages = sitemapPageCount(source.count, limit);
  if (document === "root") {
    if (pages === 0) return urlsetXml(source.urls(0, source.count));
    return sitemapIndexXml(
      Array.from({ length: pages }, (_, i) => ({ loc: `${publicUrl}${sitemapPagePath(i + 1)}`, lastmod: options.lastmod })),
    );
  }
  if (!Number.isInteger(document) || document < 1 || document > pages) return null;
  return urlsetXml(source.urls((document - 1) * limit, limit));
}

const epoch = (ms: number | null) => (ms === null ? null : new Date(ms));

/**
 * The catalogue's URLs: the home page, each category with products, then every product (oldest
 * first, so that pages keep their URLs as products are added), each with its last change.
 */
function catalogueSource(publicUrl: string): SitemapSource & { lastmod: Date | null } {
  const categories = db.$client
    .prepare<[], { category: string; lastmod: number }>(
      "SELECT category, max(updated_at) AS lastmod FROM products GROUP BY category ORDER BY category",
    )
    .all();
  const lastmod = epoch(categories.reduce<number | null>((max, c) => (max === null || c.lastmod > max ? c.lastmod : max), null));
  const fixed: SitemapUrl[] = [
    { loc: `${publicUrl}/`, lastmod },
    ...categories.map((c) => ({ loc: `${publicUrl}${categoryPath(c.category)}`, lastmod: epoch(c.lastmod) })),
  ];
  const productCount = db.$client.prepare<[], number>("SELECT count(*) FROM products").pluck().get() ?? 0;
  const products = db.$client.prepare<[number, number], { id: string; updatedAt: number }>(
    "SELECT id, updated_at AS updatedAt FROM products ORDER BY seq LIMIT ? OFFSET ?",
  );
  return {
    count: fixed.length + productCount,
    lastmod,
    urls(offset, count) {
      const head = fixed.slice(offset, offset + count);
      const productOffset = Math.max(0, offset - fixed.length);
      const rows = products.all(count - head.length, productOffset);
      return [...head, ...rows.map((p) => ({ loc: `${publicUrl}/product/${encodeURIComponent(p.id)}`, lastmod: new Date(p.updatedAt) }))];
    },
  };
}

// Rendered documents for the current catalogue version (a sitemap of 100,000 products takes a
// moment to build; it changes only with the catalogue).
let cache: { version: number; documents: Map<string, string | null> } = { version: -1, documents: new Map() };

/** /sitemap.xml ("root") or /sitemap/{n}.xml, for the catalogue as it is now; null when no such page. */
export function catalogueSitemap(publicUrl: string, document: "root" | number, limit = SITEMAP_URL_LIMIT): string | null {
  const version = catalogueVersion();
  if (cache.version !== version) cache = { version, documents: new Map() };
  const key = `${publicUrl} ${document} ${limit}`;
  if (!cache.documents.has(key)) {
    const source = catalogueSource(publicUrl);
    cache.documents.set(key, renderSitemap(source, document, { publicUrl, limit, lastmod: source.lastmod }));
  }
  return cache.documents.get(key) ?? null;
}

/** robots.txt: the private areas and the API stay out of search engines; the sitemap is named. */
export function robotsTxt(publicUrl: string): string {
  const privatePaths = [
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
    "/login",
    "/register",
    "/logout",
    "/_sandbox/",
  ];
  return ["User-agent: *", ...privatePaths.map((path) => `Disallow: ${path}`), "", `Sitemap: ${publicUrl}/sitemap.xml`, ""].join(
    "\n",
  );
}
