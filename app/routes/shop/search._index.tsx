import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { SearchResults } from "~/components/SearchResults";
import { QUERY_FIELDS } from "~/lib/catalogue-fields";
import { pageMeta } from "~/lib/meta";
import { SEARCH_CANONICAL_PARAMS, searchHref } from "~/lib/search-links";
import { categoryPath } from "~/lib/category-path";
import { categoryNamed } from "~/models/catalogue";
import { loadSearchPage } from "~/web/catalogue-page.server";

export const meta: MetaFunction<typeof loader> = (args) => {
  const category = args.data && !args.data.errors.category ? args.data.category : undefined;
  return pageMeta(args, {
    title: category ?? "Browse",
    description: category ? `${category} in the shop, with prices, stock and reviews.` : "Browse the shop's products.",
    canonicalParams: SEARCH_CANONICAL_PARAMS,
  });
};

// The navbar's search form and the filters land here. With a keyword: /search/{keyword}, keeping the
// other parameters. Without: the category's page (/search?category=Laptops goes to /category/laptops),
// a hidden category's products here, or home when there is neither.
export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const keyword = params.get(QUERY_FIELDS.keyword)?.trim() ?? "";
  if (keyword) {
    params.delete(QUERY_FIELDS.keyword);
    const rest = params.toString();
    return redirect(`/search/${encodeURIComponent(keyword)}${rest ? `?${rest}` : ""}`);
  }
  const name = params.get(QUERY_FIELDS.category)?.trim();
  if (!name) return redirect("/");
  // A category the storefront lists has a page of its own: the filters go along.
  const category = await categoryNamed(name);
  if (category && !category.hidden) {
    // The filters the form left empty stay out of the address.
    const rest = new URLSearchParams([...params].filter(([key, value]) => key !== QUERY_FIELDS.category && value));
    return redirect(`${categoryPath(category.slug)}${rest.size ? `?${rest}` : ""}`);
  }
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
