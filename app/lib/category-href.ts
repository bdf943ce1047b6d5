/** The storefront's listing of one category (the search page filtered by it). */
export const categoryHref = (category: string) => `/search?category=${encodeURIComponent(category)}`;
