import { asc, count, max } from "drizzle-orm";
import { db } from "~/db/client.server";
import { products } from "~/db/schema";
import { categoryPath } from "~/lib/category-path";
import { listCategories } from "~/models/catalogue";
import { catalogueVersion } from "~/models/platform";
import { pagesForSitemap } from "./pages.server";

/** The most URLs one sitemap file may hold (sitemaps.org). */
export const SITEMAP_URL_LIMIT = 50_000;

export type SitemapUrl = { loc: string; lastmod?: Date | null };

/** Where the URLs come from: how many there are, and a window of them in a stable order. */
export type SitemapSource = { count: number; urls(offset: number, count: number): Promise<SitemapUrl[]> };

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
export async function renderSitemap(
  source: SitemapSource,
  document: "root" | number,
  options: { publicUrl: string; limit: number; lastmod?: Date | null },
): Promise<string | null> {
  const { publicUrl, limit } = options;
  const pages = sitemapPageCount(source.count, limit);
  if (document === "root") {
    if (pages === 0) return urlsetXml(await source.urls(0, source.count));
    return sitemapIndexXml(
      Array.from({ length: pages }, (_, i) => ({
        loc: `${publicUrl}${sitemapPagePath(i + 1)}`,
        lastmod: options.lastmod,
      })),
    );
  }
  if (!Number.isInteger(document) || document < 1 || document > pages) return null;
  return urlsetXml(await source.urls((document - 1) * limit, limit));
}

const latest = (dates: (Date | null)[]) =>
  dates.reduce<Date | null>((max, date) => (date !== null && (max === null || date > max) ? date : max), null);

/**
 * The catalogue's URLs: the home page, each category with products, the shop's own pages, then every product (oldest
 * first, so that pages keep their URLs as products are added), each with its last change.
 */
async function catalogueSource(publicUrl: string): Promise<SitemapSource & { lastmod: Date | null }> {
  const [changed, all] = await Promise.all([
    db
      .select({ category: products.category, lastmod: max(products.updatedAt) })
      .from(products)
      .groupBy(products.category),
    listCategories(),
  ]);
  // The categories the storefront lists that hold products, in the shop's order.
  const lastChange = new Map(changed.map((c) => [c.category, c.lastmod]));
  const categories = all
    .filter((c) => !c.hidden && lastChange.has(c.name))
    .map((c) => ({ slug: c.slug, lastmod: latest([lastChange.get(c.name) ?? null, c.updatedAt]) }));
  const lastmod = latest(changed.map((c) => c.lastmod));
  const fixed: SitemapUrl[] = [
    { loc: `${publicUrl}/`, lastmod },
    ...categories.map((c) => ({ loc: `${publicUrl}${categoryPath(c.slug)}`, lastmod: c.lastmod })),
    ...(await pagesForSitemap()).map((p) => ({ loc: `${publicUrl}/pages/${p.slug}`, lastmod: p.updatedAt })),
  ];
  const [counted] = await db.select({ n: count() }).from(products);
  return {
    count: fixed.length + (counted?.n ?? 0),
    lastmod,
    async urls(offset, count) {
      const head = fixed.slice(offset, offset + count);
      const productOffset = Math.max(0, offset - fixed.length);
      const rows = await db
        .select({ id: products.id, updatedAt: products.updatedAt })
        .from(products)
        .orderBy(asc(products.seq))
        .limit(count - head.length)
        .offset(productOffset);
      return [
        ...head,
        ...rows.map((p) => ({ loc: `${publicUrl}/product/${encodeURIComponent(p.id)}`, lastmod: p.updatedAt })),
      ];
    },
  };
}

// Rendered documents for the current catalogue version (a sitemap of 100,000 products takes a
// moment to build; it changes only with the catalogue).
let cache: { version: number; documents: Map<string, string | null> } = { version: -1, documents: new Map() };

/** /sitemap.xml ("root") or /sitemap/{n}.xml, for the catalogue as it is now; null when no such page. */
export async function catalogueSitemap(
  publicUrl: string,
  document: "root" | number,
  limit = SITEMAP_URL_LIMIT,
): Promise<string | null> {
  const version = catalogueVersion();
  if (cache.version !== version) cache = { version, documents: new Map() };
  const { documents } = cache;
  const key = `${publicUrl} ${document} ${limit}`;
  if (!documents.has(key)) {
    const source = await catalogueSource(publicUrl);
    documents.set(key, await renderSitemap(source, document, { publicUrl, limit, lastmod: source.lastmod }));
  }
  return documents.get(key) ?? null;
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
  return [
    "User-agent: *",
    ...privatePaths.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
}
