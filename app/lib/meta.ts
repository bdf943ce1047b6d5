import type { MetaDescriptor } from "@remix-run/node";

type MatchLike = { id: string; data: unknown };

/** `{page} - {shop name}`, the title every page carries. */
export function pageTitle(matches: MatchLike[], page: string): MetaDescriptor[] {
  const root = matches.find((m) => m.id === "root")?.data as { shopName?: string } | undefined;
  return [{ title: `${page} - ${root?.shopName ?? "ShopIT"}` }];
}
