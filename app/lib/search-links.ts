import { QUERY_FIELDS } from "./catalogue-fields";

/** The URL of a catalogue search: `/search/{keyword}`, or `/search?category=…` without a keyword. */
export function searchHref(
  base: { keyword?: string; category?: string },
  params: Record<string, string | undefined> = {},
) {
  const query = new URLSearchParams();
  if (!base.keyword && base.category) query.set(QUERY_FIELDS.category, base.category);
  for (const [name, value] of Object.entries(params)) if (value) query.set(name, value);
  const path = base.keyword ? `/search/${encodeURIComponent(base.keyword)}` : "/search";
  return query.size ? `${path}?${query}` : path;
}

// The filters and the page define a search's results; nothing else in the query (the sort, tracking
// parameters) goes into its canonical URL.
export const SEARCH_CANONICAL_PARAMS = [
  QUERY_FIELDS.category,
  QUERY_FIELDS.priceGte,
  QUERY_FIELDS.priceLte,
  QUERY_FIELDS.ratingsGte,
  QUERY_FIELDS.page,
];
