import type { MetaDescriptor } from "@remix-run/node";

type MatchLike = { id: string; data: unknown };

/** `{page} - {shop name}`, the title every page carries. */
export function pageTitle(matches: MatchLike[], page: string): MetaDescriptor[] {
  const root = matches.find((m) => m.id === "root")?.data as { shopName?: string } | undefined;
  return [{ title: `${page} - ${root?.shopName ?? "ShopIT"}` }];
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

/** The document title of an admin page, from its handle. */
export function adminMeta({ matches }: { matches: (MatchLike & { handle?: unknown })[] }): MetaDescriptor[] {
  const handle = matches[matches.length - 1]?.handle as AdminHandle | undefined;
  return pageTitle(matches, handle?.documentTitle ?? adminTitle(matches) ?? "Admin");
}
