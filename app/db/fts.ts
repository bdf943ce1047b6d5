import { integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";

// The FTS5 index over products (created by a hand-written migration, so it is kept out of
// schema.ts, which drizzle-kit reads). Columns mirror products; rowid is products.seq.
export const productsFts = sqliteTable("products_fts", {
  rowid: integer("rowid").notNull(),
  name: text("name"),
  description: text("description"),
  category: text("category"),
  seller: text("seller"),
  rank: real("rank"),
});

/** The index's words and how many products hold each (a temp fts5vocab table, see searchVocabulary in the dialect). */
export const productsFtsVocab = sqliteTable("products_fts_vocab", {
  term: text("term").notNull(),
  doc: integer("doc").notNull(),
});
