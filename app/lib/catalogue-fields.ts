/** Catalogue query fields as they appear in URLs, for the API and the search page alike. */
export const QUERY_FIELDS = {
  keyword: "keyword",
  page: "page",
  category: "category",
  priceGte: "price[gte]",
  priceLte: "price[lte]",
  ratingsGte: "ratings[gte]",
  sort: "sort",
} as const;

export type QueryField = keyof typeof QUERY_FIELDS;

/** The catalogue's orders; `relevance` needs a keyword (without one the newest come first). */
export const SORTS = ["relevance", "newest", "price-asc", "price-desc", "rating"] as const;
export type ProductSort = (typeof SORTS)[number];

export const SORT_LABELS: Record<ProductSort, string> = {
  relevance: "Relevance",
  newest: "Newest",
  "price-asc": "Price: low to high",
  "price-desc": "Price: high to low",
  rating: "Rating",
};
