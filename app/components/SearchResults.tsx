import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { QueryField } from "~/lib/catalogue-fields";
import { countOf } from "~/lib/plural";
import { CachedFragment } from "./CachedFragment";
import { Pagination } from "./Pagination";
import { ProductCard, type ProductCardData } from "./ProductCard";
import { SearchFilters } from "./SearchFilters";

export type SearchPageData = {
  keyword?: string;
  values: Partial<Record<QueryField, string>>;
  errors: Partial<Record<QueryField, string>>;
  categories: string[];
  results: {
    products: ProductCardData[];
    filteredProductsCount: number;
    resPerPage: number;
    page: number;
    pageCount: number;
  } | null;
  clearFiltersHref: string | null;
  suggestion: string | null;
  suggestionHref: string | null;
};

type Props = SearchPageData & {
  heading: ReactNode;
  /** What the results are "for" in the empty message: the keyword, or the category. */
  subject: string;
  /** The filter form's target and its Clear link. */
  action: string;
  clearHref: string;
};

/** The search and category pages: heading, the filters beside the results, and their empty states. */
export function SearchResults(props: Props) {
  // The page depends on the URL and the catalogue alone: rendered once per catalogue version (the
  // results are then one object) and URL on the server.
  return props.results ? (
    <CachedFragment name="search" data={props.results}>
      <SearchPage {...props} />
    </CachedFragment>
  ) : (
    <SearchPage {...props} />
  );
}

function SearchPage({
  heading,
  subject,
  action,
  clearHref,
  keyword,
  values,
  errors,
  categories,
  results,
  clearFiltersHref,
  suggestion,
  suggestionHref,
}: Props) {
  return (
    <section>
      <h1 className="h3 mb-3">{heading}</h1>
      <div className="row">
        <aside className="col-md-4 col-lg-3 mb-4">
          <SearchFilters
            key={JSON.stringify(values)}
            action={action}
            clearHref={clearHref}
            withRelevance={Boolean(keyword)}
            values={values}
            errors={errors}
            categories={categories}
          />
        </aside>
        <div className="col-md-8 col-lg-9">
          {!results ? (
            <p className="alert alert-warning" role="alert">
              Please correct the filters to see results.
            </p>
          ) : results.products.length === 0 ? (
            <div data-testid="no-results">
              <p className="lead text-muted">
                {results.filteredProductsCount > 0
                  ? "No products on this page."
                  : clearFiltersHref
                    ? `No products found for "${subject}" with these filters.`
                    : `No products found for "${subject}".`}
              </p>
              {clearFiltersHref ? (
                <Link to={clearFiltersHref} className="btn btn-outline-secondary btn-sm">
                  Clear filters
                </Link>
              ) : null}
              {suggestion && suggestionHref ? (
                <p className="lead">
                  Did you mean <Link to={suggestionHref}>{suggestion}</Link>?
                </p>
              ) : null}
            </div>
          ) : (
            <>
              <p className="text-muted" data-testid="results-count">
                {countOf(results.filteredProductsCount, "product")} found
              </p>
              <div className="row">
                {results.products.map((product, i) => (
                  <ProductCard key={product.id} product={product} eager={i < 2} columnClass="col-6 col-lg-4" />
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
