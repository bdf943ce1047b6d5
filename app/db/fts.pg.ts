import { integer, pgTable, text } from "drizzle-orm/pg-core";

// PostgreSQL's full-text index over products: a generated, stored column `products.search` (made by
// the hand-written migration drizzle/pg/0003_search.sql, with a GIN index `products_search_idx`), so
// kept out of schema.pg.ts: the products row type stays SQLite's and select() never fetches it.
//
//   search = setweight(to_tsvector('simple', shop_unaccent(lower(name))), 'A')
//         || setweight(to_tsvector('simple', shop_unaccent(lower(category))), 'B')
//         || setweight(to_tsvector('simple', shop_unaccent(lower(seller))), 'C')
//         || setweight(to_tsvector('simple', shop_unaccent(lower(description))), 'D')
//
// The weights follow SQLite's bm25(10 name, 1 description, 4 category, 2 seller). A query is to go
// through the same words: to_tsquery('simple', shop_unaccent(lower(<words>))) (`:*` for a prefix).
// shop_unaccent(text) is unaccent('public.unaccent', text) marked IMMUTABLE; pg_trgm is installed
// too (for "did you mean").

/** The search column beside the products' keys: `from(productsSearch)` reads the same table as `products`. */
export const productsSearch = pgTable("products", {
  seq: integer("seq").notNull(),
  id: text("id").notNull(),
  // A tsvector: read it only inside SQL (@@, ts_rank), never as a value.
  search: text("search").notNull(),
});

/** The text-search configuration the column was built with; a query must use the same. */
export const SEARCH_CONFIG = "simple";
