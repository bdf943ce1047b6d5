import type { MetaDescriptor } from "@remix-run/node";

type MatchLike = { id: string; data: unknown };
type RootData = { shopName?: string; publicUrl?: string; money?: { currency?: string } };
/** What Remix hands every `meta` export (only the parts used here). */
export type MetaArgsLike = { matches: MatchLike[]; location: { pathname: string; search: string } };

export type PageMeta = {
  /** The page's own part of the title: `{title} - {shop name}`. */
  title: string;
  /** What search engines show under the title. */
  description: string;
  /**
   * The query parameters that define what the page shows (e.g. page, category), kept in the
   * canonical URL in this order; every other parameter (tracking, UI state) is dropped.
   */
  canonicalParams?: readonly string[];
  /** Pages about one visitor (cart, checkout, account, orders, admin) stay out of search engines. */
  noindex?: boolean;
};

/** The shop's name and public address (PUBLIC_URL, without a trailing slash), as the root loader sends them. */
export function shopOf(matches: MatchLike[]): { shopName: string; publicUrl: string; currency: string } {
  const root = matches.find((m) => m.id === "root")?.data as RootData | undefined;
  return {
    shopName: root?.shopName ?? "ShopIT",
    publicUrl: root?.publicUrl ?? "",
    currency: root?.money?.currency ?? "USD",
  };
}

/**
 * The canonical URL of a page: the shop's public address, the path, and only the parameters that
 * define the content, in a fixed order; blank values and `page=1` (the default) are dropped. It
 * depends on the URL alone, so a page kept by the anonymous page cache carries the right one.
 */
export function canonicalUrl(
  publicUrl: string,
  pathname: string,
  search: string,
  keep: readonly string[] = [],
): string {
  const params = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of keep) {
    const value = params.get(name)?.trim();
    if (!value || (name === "page" && value === "1")) continue;
    kept.set(name, value);
  }
  const query = kept.toString();
  return `${publicUrl}${pathname}${query ? `?${query}` : ""}`;
}

/** The title, description and canonical link every page carries (and `noindex` where asked). */
export function pageMeta({ matches, location }: MetaArgsLike, page: PageMeta): MetaDescriptor[] {
  const { shopName, publicUrl } = shopOf(matches);
  return [
    { title: `${page.title} - ${shopName}` },
    { name: "description", content: page.description },
    {
      tagName: "link",
      rel: "canonical",
      href: canonicalUrl(publicUrl, location.pathname, location.search, page.canonicalParams),
    },
    ...(page.noindex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}

/**
 * What every admin page exports as its `handle`: the heading the admin layout shows above it (or a
 * function of the page's loader data), and the document title when that differs.
 */
export type AdminHandle = { title: string | ((data: unknown) => string); documentTitle?: string };

/** The heading of an admin page, from the deepest match's handle. */
export function adminTitle(matches: { handle?: unknown; data?: unknown }[]): string | undefined {
  const last = matches[matches.length - 1];
  const handle = last?.handle as AdminHandle | undefined;
  return typeof handle?.title === "function" ? handle.title(last?.data) : handle?.title;
}

/** The document title of an admin page, from its handle; admin pages are never indexed. */
export function adminMeta(args: MetaArgsLike & { matches: (MatchLike & { handle?: unknown })[] }): MetaDescriptor[] {
  const { matches } = args;
  const handle = matches[matches.length - 1]?.handle as AdminHandle | undefined;
  const title = handle?.documentTitle ?? adminTitle(matches) ?? "Admin";
  return pageMeta(args, { title, description: `${title}: the shop's admin area.`, noindex: true });
}
