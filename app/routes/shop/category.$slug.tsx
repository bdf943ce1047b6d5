import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { SearchResults } from "~/components/SearchResults";
import { QUERY_FIELDS } from "~/lib/catalogue-fields";
import { categoryPath } from "~/lib/category-path";
import { pageMeta } from "~/lib/meta";
import { SEARCH_CANONICAL_PARAMS } from "~/lib/search-links";
import { shownCategoryBySlug } from "~/models/catalogue";
import { loadSearchPage } from "~/web/catalogue-page.server";
import { notFound } from "~/web/errors.server";

// A category's page, /category/{slug}: its products with the search page's filters and sort. The
// filter form goes to /search, which sends a choice of one category back here.
export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, {
    title: args.data?.name ?? "Category",
    description: args.data
      ? `${args.data.name} in the shop, with prices, stock and reviews.`
      : "A category of the shop.",
    canonicalParams: SEARCH_CANONICAL_PARAMS.filter((p) => p !== QUERY_FIELDS.category),
  });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const category = await shownCategoryBySlug(params.slug ?? "");
  if (!category) throw notFound("Category not found");
  const query = new URL(request.url).searchParams;
  query.set(QUERY_FIELDS.category, category.name);
  return loadSearchPage(query, undefined, { name: category.name, slug: category.slug });
}

export default function Category() {
  const page = useLoaderData<typeof loader>();
  return (
    <SearchResults
      {...page}
      heading={page.name}
      subject={page.name}
      action="/search"
      clearHref={categoryPath(page.slug)}
    />
  );
}
