import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Pagination } from "~/components/Pagination";
import { ProductCard } from "~/components/ProductCard";
import { SearchFilters } from "~/components/SearchFilters";
import { QUERY_FIELDS, type QueryField } from "~/lib/catalogue-fields";
import { parseProductQuery } from "~/lib/catalogue-query";
import { pageMeta } from "~/lib/meta";
import { loadProductCards } from "~/web/catalogue-page.server";

// The filters and the page define the results; nothing else in the query goes into the canonical URL.
const CANONICAL_PARAMS = [QUERY_FIELDS.category, QUERY_FIELDS.priceGte, QUERY_FIELDS.priceLte, QUERY_FIELDS.ratingsGte, QUERY_FIELDS.page];

export const meta: MetaFunction<typeof loader> = (args) => {
  const keyword = args.data?.keyword;
  return pageMeta(args, {
    title: keyword ? `Search results for ${keyword}` : "Search",
    description: keyword ? `Products matching "${keyword}", with prices, stock and reviews.` : "Search the shop's products.",
    canonicalParams: CANONICAL_PARAMS,
  });
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const keyword = (params.keyword ?? "").trim();
  if (!keyword) throw redirect("/");
  const searchParams = new URL(request.url).searchParams;
  const values: Partial<Record<QueryField, string>> = {};
  for (const [field, name] of Object.entries(QUERY_FIELDS) as [QueryField, string][]) {
    const value = searchParams.get(name);
    if (value !== null) values[field] = value;
  }

  const parsed = parseProductQuery(searchParams, { keyword });
  if (!parsed.success) {
    // A mistyped filter: say which, keep what was typed, show no stale results.
    return data({ keyword, values, errors: parsed.fieldErrors, results: null }, { status: 400 });
  }
  return { keyword, values, errors: {}, results: await loadProductCards(parsed.query) };
}

export default function SearchResults() {
  const { keyword, values, errors, results } = useLoaderData<typeof loader>();
  const action = `/search/${encodeURIComponent(keyword)}`;
  return (
    <section>
      <h1 className="h3 mb-3">
        Results for <q>{keyword}</q>
      </h1>
      <div className="row">
        <aside className="col-md-4 col-lg-3 mb-4">
          <SearchFilters key={JSON.stringify(values)} action={action} values={values} errors={errors} />
        </aside>
        <div className="col-md-8 col-lg-9">
          {!results ? (
            <p className="alert alert-warning" role="alert">
              Please correct the filters to see results.
            </p>
          ) : results.products.length === 0 ? (
            <p className="lead text-muted" data-testid="no-results">
              {results.filteredProductsCount === 0
                ? `No products found for "${keyword}".`
                : "No products on this page."}
            </p>
          ) : (
            <>
              <p className="text-muted" data-testid="results-count">
                {results.filteredProductsCount} {results.filteredProductsCount === 1 ? "product" : "products"} found
              </p>
              <div className="row">
                {results.products.map((product, i) => (
                  <ProductCard key={product.id} product={product} eager={i < 2} columnClass="col-sm-6 col-lg-4" />
                ))}
              </div>
            </>
          )}
          {results && results.filteredProductsCount > results.resPerPage ? (
            <Pagination page={results.page} pageCount={results.pageCount} />
          ) : null}
        </div>
      </div>
    </section>
  );
}
