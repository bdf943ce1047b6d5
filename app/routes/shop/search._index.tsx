import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { SearchResults } from "~/components/SearchResults";
import { QUERY_FIELDS } from "~/lib/catalogue-fields";
import { pageMeta } from "~/lib/meta";
import { SEARCH_CANONICAL_PARAMS, searchHref } from "~/lib/search-links";
import { loadSearchPage } from "~/web/catalogue-page.server";

export const meta: MetaFunction<typeof loader> = (args) => {
  const category = args.data && !args.data.errors.category ? args.data.category : undefined;
  return pageMeta(args, {
    title: category ?? "Browse",
    description: category ? `${category} in the shop, with prices, stock and reviews.` : "Browse the shop's products.",
    canonicalParams: SEARCH_CANONICAL_PARAMS,
  });
};

// The navbar's search form and the category links land here. With a keyword: /search/{keyword},
// keeping the other parameters. Without: the category's products (/search?category=Laptops), or
// home when there is neither.
export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const keyword = params.get(QUERY_FIELDS.keyword)?.trim() ?? "";
  if (keyword) {
    params.delete(QUERY_FIELDS.keyword);
    const rest = params.toString();
    return redirect(`/search/${encodeURIComponent(keyword)}${rest ? `?${rest}` : ""}`);
  }
  if (!params.get(QUERY_FIELDS.category)?.trim()) return redirect("/");
  return loadSearchPage(params);
}

export default function CategoryPage() {
  const page = useLoaderData<typeof loader>();
  const category = !page.errors.category && page.category ? page.category : undefined;
  return (
    <SearchResults
      {...page}
      heading={category ?? "Browse the catalogue"}
      subject={category ?? ""}
      action="/search"
      clearHref={category ? searchHref({ category }) : "/search"}
    />
  );
}
