/** Catalogue query fields as they appear in URLs, for the API and the search page alike. */
export const QUERY_FIELDS = {
  keyword: "keyword",
  page: "page",
  category: "category",
  priceGte: "price[gte]",
  priceLte: "price[lte]",
  ratingsGte: "ratings[gte]",
} as const;

export type QueryField = keyof typeof QUERY_FIELDS;
