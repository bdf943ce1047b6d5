/** What the storefront needs of a category: its name, its page's slug and its picture. */
export type CategoryLink = { name: string; slug: string; imageUrl: string | null };
