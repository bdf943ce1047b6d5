import { pricesDiffer } from "~/lib/variants";
import { data } from "@remix-run/node";
import { QUERY_FIELDS, type QueryField } from "~/lib/catalogue-fields";
import { parseProductQuery, type ProductQuery } from "~/lib/catalogue-query";
import { searchHref } from "~/lib/search-links";
import {
  countKeywordMatches,
  listProducts,
  type ProductPage,
  type ProductSummary,
  categoryNames,
  shownCategories,
  suggestKeyword,
} from "~/models/catalogue";
import { getShopSettings } from "~/models/settings";

/** Only what a product card shows (the page's data goes to the browser). */
export function toProductCard(p: ProductSummary) {
  return {
    id: p.id,
    name: p.name,
    priceCents: p.priceCents,
    // "from $X": its variants' prices differ (priceCents is the lowest).
    priceVaries: pricesDiffer(p.variants),
    ratings: p.ratings,
    numOfReviews: p.numOfReviews,
    stock: p.stock,
    images: p.images.slice(0, 1),
  };
}

function cardsPage(page: ProductPage) {
  return {
    products: page.products.map(toProductCard),
    productsCount: page.productsCount,
    filteredProductsCount: page.filteredProductsCount,
    resPerPage: page.resPerPage,
    page: page.page,
    pageCount: page.pageCount,
  };
}

// Made once per catalogue answer (which the catalogue cache replaces after a change to it), so that a
// page's cards are one object as long as they are current: CachedFragment keeps HTML by it.
const cardsOf = new WeakMap<object, unknown>();
function onceFor<K extends object, V>(source: K, make: (source: K) => V): V {
  if (!cardsOf.has(source)) cardsOf.set(source, make(source));
  return cardsOf.get(source) as V;
}

/** One page of product cards for the storefront pages. */
export async function loadProductCards(query: ProductQuery) {
  return onceFor(await listProducts(query), cardsPage);
}

/** Product cards for a list of products (e.g. related products). */
export function productCards(list: ProductSummary[]) {
  return onceFor(list, (products) => products.map(toProductCard));
}

/** A 400 for a storefront page whose query a person mistyped; the error page shows the message. */
export function badQuery(message: string): never {
  throw data(message, { status: 400 });
}

const FILTERS: QueryField[] = ["category", "priceGte", "priceLte", "ratingsGte"];

/**
 * The search page (`keyword` from the path) and the category page (no keyword, `category` in the
 * query) alike: the results, or the fields' messages (400); when nothing is found, whether the
 * filters caused it (with a link to the search without them) or a "did you mean" for the keyword.
 */
export async function loadSearchPage<Extra extends object = object>(
  searchParams: URLSearchParams,
  keyword?: string,
  /** More for the page (the category page's category), in every answer. */
  extra: Extra = {} as Extra,
) {
  const values: Partial<Record<QueryField, string>> = {};
  for (const [field, name] of Object.entries(QUERY_FIELDS) as [QueryField, string][]) {
    const value = searchParams.get(name);
    if (value !== null) values[field] = value;
  }
  const base = keyword ? { keyword } : { category: values.category };
  const [categories, shown] = await Promise.all([categoryNames(), shownCategories()]);
  // The filter offers the categories the storefront lists (and a hidden one the URL names).
  const offered = shown.map((c) => c.name);
  if (values.category && categories.includes(values.category) && !offered.includes(values.category))
    offered.push(values.category);
  const empty = {
    ...extra,
    keyword,
    category: base.category,
    values,
    categories: offered,
    clearFiltersHref: null,
    suggestionHref: null,
    suggestion: null,
  };

  const { locale } = await getShopSettings();
  const parsed = parseProductQuery(searchParams, categories, keyword === undefined ? { locale } : { keyword, locale });
  if (!parsed.success) {
    // A mistyped filter: say which, keep what was typed, show no stale results.
    return data({ ...empty, errors: parsed.fieldErrors, results: null }, { status: 400 });
  }
  const query = parsed.query;
  const results = await loadProductCards(query);
  const page = { ...empty, errors: {} as Partial<Record<QueryField, string>>, results };
  if (results.filteredProductsCount > 0) return page;

  const filters = FILTERS.filter((f) => (keyword ? true : f !== "category") && values[f]?.trim());
  const sort = { [QUERY_FIELDS.sort]: values.sort };
  if (filters.length > 0) {
    const unfiltered = keyword
      ? await countKeywordMatches(keyword)
      : (await listProducts({ page: 1, category: query.category })).filteredProductsCount;
    if (unfiltered > 0) return { ...page, clearFiltersHref: searchHref(base, sort) };
  }
  const suggestion = keyword ? await suggestKeyword(keyword) : null;
  if (!suggestion) return page;
  const kept = Object.fromEntries([...FILTERS, "sort" as const].map((f) => [QUERY_FIELDS[f], values[f]]));
  return { ...page, suggestion, suggestionHref: searchHref({ keyword: suggestion }, kept) };
}
