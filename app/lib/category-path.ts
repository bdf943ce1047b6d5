// Apart from the category schema, so that storefront pages linking to categories do not ship zod.

/** A category's page: /category/{slug}. */
export const categoryPath = (slug: string) => `/category/${slug}`;
