import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { SearchResults } from "~/components/SearchResults";
import { pageTitle } from "~/lib/meta";
import { searchHref } from "~/lib/search-links";
import { loadSearchPage } from "~/web/catalogue-page.server";

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  pageTitle(matches, data?.keyword ? `Search results for ${data.keyword}` : "Search");

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
