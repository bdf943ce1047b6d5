import { bigint, customType, integer, pgTable, text } from "drizzle-orm/pg-core";

// PostgreSQL's full-text index over products: a generated, stored column `products.search` (made by
// the hand-written migration drizzle/pg/0003_search.sql, with a GIN index `products_search_idx`), so
// kept out of schema.pg.ts: the products row type stays SQLite's and select() never fetches it.
//
//   search = setweight(to_tsvector('simple', shop_search_text(name)), 'A')
//         || setweight(to_tsvector('simple', shop_search_text(category)), 'B')
//         || setweight(to_tsvector('simple', shop_search_text(seller)), 'C')
//         || setweight(to_tsvector('simple', shop_search_text(description)), 'D')
//
// shop_search_text(t) = shop_unaccent(lower(t)) with punctuation made spaces (words split as a
// query splits them: "USB 3.0" holds the words usb, 3 and 0, as on SQLite).
// The weights follow SQLite's bm25(10 name, 1 description, 4 category, 2 seller). A query must
// fold its words the same way: to_tsquery('simple', shop_unaccent(<terms>)), the terms built from
// the shopper's words (searchWords: lower case, split; `word & other:*`), never the raw input
// (to_tsquery reads & | ! : ( )).
// shop_unaccent(text) is unaccent('public.unaccent', text) marked IMMUTABLE.

/** PostgreSQL's tsvector, as its text form (to be used inside SQL: @@, ts_rank; never read as a value). */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** The search column beside the products' keys: `from(productsSearch)` reads the same table as `products`. */
export const productsSearch = pgTable("products", {
  seq: integer("seq").notNull(),
  id: text("id").notNull(),
  search: tsvector("search").notNull(),
});

/** The text-search configuration the column was built with; a query must use the same. */
export const SEARCH_CONFIG = "simple";

/**
 * The words of products.search with how many products hold each, kept by triggers
 * (drizzle/pg/0004_search_words.sql): what ts_stat over the column would answer, without its pass
 * over every product. "Did you mean" reads them.
 */
export const searchWords = pgTable("search_words", {
  word: text("word").primaryKey(),
  docs: integer("docs").notNull(),
});

/** Moves whenever a product's words change (one row, id 1): the words read under a version stay true until it moves. */
export const searchWordsVersion = pgTable("search_words_version", {
  id: integer("id").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull(),
});
