import { searchHref } from "./search-links";

/** The storefront's listing of one category (the search page filtered by it). */
export const categoryHref = (category: string) => searchHref({ category });
