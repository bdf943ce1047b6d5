import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { SearchResults } from "~/components/SearchResults";
import { pageMeta } from "~/lib/meta";
import { SEARCH_CANONICAL_PARAMS, searchHref } from "~/lib/search-links";
import { loadSearchPage } from "~/web/catalogue-page.server";

export const meta: MetaFunction<typeof loader> = (args) => {
  const keyword = args.data?.keyword;
  return pageMeta(args, {
    title: keyword ? `Search results for ${keyword}` : "Search",
    description: keyword
      ? `Products matching "${keyword}", with prices, stock and reviews.`
      : "Search the shop's products.",
    canonicalParams: SEARCH_CANONICAL_PARAMS,
  });
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const keyword = (params.keyword ?? "").trim();
  if (!keyword) throw redirect("/");
  return loadSearchPage(new URL(request.url).searchParams, keyword);
}

export default function SearchPage() {
  const page = useLoaderData<typeof loader>();
  const keyword = page.keyword ?? "";
  const action = searchHref({ keyword });
  return (
    <SearchResults
      {...page}
      heading={
        <>
          Results for <q>{keyword}</q>
        </>
      }
      subject={keyword}
      action={action}
      clearHref={action}
    />
  );
}
