// What the catalogue's pages show, for the triggers that version it (drizzle/sqlite/0004 and
// drizzle/sqlite/0009): every insert, update and delete of a row of these tables, or an update of the
// listed columns, must move catalogue_version in the same transaction, or a cached catalogue
// answer (app/models/platform/catalogue-cache.server.ts, the page cache) would be served stale.
// app/db/catalogue-triggers.sqlite.test.ts holds every side to it: the live triggers cover this list,
// the catalogue's readers read no table that is not on it, and every table that refers to a product
// is on it or named below as shown nowhere in the catalogue; triggers.pg.test.ts checks PostgreSQL's
// triggers and references the same way.

/** The tables whose rows catalogue pages show: "rows" for every change to a row, or the columns shown. */
export const CATALOGUE_TABLES: Record<string, "rows" | { columns: readonly string[] }> = {
  products: "rows",
  product_images: "rows",
  // A product's options and variants: its page, and "from $X" on its cards.
  product_options: "rows",
  product_variants: "rows",
  reviews: "rows",
  // A reviewer's name shows beside each review (its id only joins, and ids never change).
  users: { columns: ["name"] },
  // The owner's settings: the shop's name, hero and currency show on every page.
  shop_settings: "rows",
  // The shop's own pages: the footer of every page links them.
  pages: "rows",
  // The categories: the home page, the filters, the category pages and the sitemap list them.
  categories: "rows",
  // Shipping and tax by region: the cart and checkout price with them, kept in memory like the rest.
  shipping_zones: "rows",
  shipping_zone_countries: "rows",
  shipping_methods: "rows",
  tax_rates: "rows",
};

/**
 * Tables the readers also read that hold nothing of their own: kept from the tables above by
 * triggers (the full-text index and its vocabulary over products), or the version itself.
 */
export const DERIVED_CATALOGUE_TABLES: readonly string[] = [
  "products_fts",
  "products_fts_vocab",
  "catalogue_version",
  "catalogue_changes",
];

/** Tables that refer to products but whose rows no catalogue page shows, and why. */
export const NOT_CATALOGUE_TABLES: Record<string, string> = {
  cart_lines: "a shopper's own cart, never cached",
  order_lines: "an order's own copy of the name, price and picture it was bought with",
  stock_alerts: "a shopper's request to be told of a restock, shown to nobody",
};
