import { asc, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { SQLiteSelect, SQLiteTable } from "drizzle-orm/sqlite-core";
import { searchWords } from "~/lib/search-words";
import { db, type Connection, type Queryable } from "../../client.server";
import { productsFts, productsFtsVocab } from "../../fts";
import { products } from "../../schema.sqlite";
import { catalogueVersion } from "./catalogue-version";

// Full-text search of the catalogue: an FTS5 index over products (drizzle/sqlite/0001, app/db/fts.ts), its
// rowid the product's seq, accent- and case-insensitive (unicode61 remove_diacritics 2).

/**
 * What a shopper typed as a full-text query (textMatch's argument): every word must match, and the
 * last word matches as a prefix so that "macb" finds "MacBook". Null when the text holds no word.
 */
export function textQuery(keyword: string, maxTerms = 12): string | null {
  const words = searchWords(keyword);
  if (words.length === 0) return null;
  const terms = words.slice(0, maxTerms);
  // Words hold only letters and digits, so quoting them cannot break out of the expression.
  return terms.map((w, i) => (i === terms.length - 1 ? `"${w}"*` : `"${w}"`)).join(" ");
}

/**
 * Where a keyword search reads: the table textMatch and textRank apply to, and its column holding
 * the product's seq. On SQLite the FTS5 index, its rowid the seq: a keyword alone is counted and
 * ranked in the index only.
 */
export const textIndex: { table: SQLiteTable; seq: SQL<number> } = {
  table: productsFts,
  seq: sql<number>`${productsFts.rowid}`,
};

/**
 * A select from textIndex.table given products' columns too: on SQLite, joined to products on seq.
 * The selects name their fields, so the join changes no row type.
 */
export function joinProducts<T extends SQLiteSelect>(select: T): T {
  return select.innerJoin(products, sql`${productsFts.rowid} = ${products.seq}`) as unknown as T;
}

/** The rows of the full-text index that match `query` (textQuery's answer, or a placeholder for it). */
export const textMatch = (query: SQLWrapper | string) => sql`${productsFts} MATCH ${query}`;

/** ORDER BY term for textMatch's rows: the best match first (a hit in the name weighs most). */
export const textRank = (_query: SQLWrapper | string) => asc(productsFts.rank);

/**
 * Every word of the full-text index, with how many products hold it: an fts5vocab table over the
 * index in the connection's temp schema (no migration needed), made on the first call. The read
 * connection refuses writes (query_only), to its temp schema too, so it is let make that table alone.
 */
export async function searchVocabulary(q: Queryable = db): Promise<{ term: string; docs: number }[]> {
  const sqlite = (q as Connection).$client;
  const queryOnly = sqlite.pragma("query_only", { simple: true });
  sqlite.pragma("query_only = OFF");
  try {
    sqlite.exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.products_fts_vocab USING fts5vocab(main, products_fts, row)");
  } finally {
    sqlite.pragma(`query_only = ${queryOnly}`);
  }
  return q.select({ term: productsFtsVocab.term, docs: productsFtsVocab.doc }).from(productsFtsVocab);
}

/** Moves whenever the catalogue's words may have changed: on SQLite the catalogue's own version (a cheap read). */
export async function vocabularyVersion(_q: Queryable = db): Promise<number> {
  return catalogueVersion();
}
