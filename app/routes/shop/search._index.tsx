import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { SearchResults } from "~/components/SearchResults";
import { QUERY_FIELDS } from "~/lib/catalogue-fields";
import { pageTitle } from "~/lib/meta";
import { searchHref } from "~/lib/search-links";
import { loadSearchPage } from "~/web/catalogue-page.server";

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  pageTitle(matches, data && !data.errors.category && data.category ? data.category : "Browse");

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
