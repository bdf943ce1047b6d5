import { desc, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { SQLiteSelect, SQLiteTable } from "drizzle-orm/sqlite-core";
import { searchWords } from "~/lib/search-words";
import { db, type Queryable } from "../../client.server";
import { SEARCH_CONFIG } from "../../fts.pg";
import { products } from "../../schema.pg";
import { rows } from "./raw";

// Full-text search of the catalogue on PostgreSQL: products.search, a generated weighted tsvector
// with a GIN index (drizzle/pg/0003_search.sql, app/db/fts.pg.ts), accent- and case-insensitive
// (shop_unaccent, the 'simple' configuration).

/** What a shopper typed as a tsquery: every word must match, the last as a prefix. Null when no word. */
export function textQuery(keyword: string, maxTerms = 12): string | null {
  const words = searchWords(keyword);
  if (words.length === 0) return null;
  const terms = words.slice(0, maxTerms);
  // Words hold only letters and digits, so they cannot carry tsquery syntax.
  return terms.map((w, i) => (i === terms.length - 1 ? `${w}:*` : w)).join(" & ");
}

/**
 * Where a keyword search reads: products itself (the search column is one of its own). Typed as
 * SQLite's answer (the models' builders are); the table is PostgreSQL's at run time.
 */
export const textIndex: { table: SQLiteTable; seq: SQL<number> } = {
  table: products as unknown as SQLiteTable,
  seq: sql<number>`${products.seq}`,
};

/** A select from textIndex.table given products' columns too: on PostgreSQL it reads products already. */
export const joinProducts = <T extends SQLiteSelect>(select: T): T => select;

// The query's words go through the column's own folding (shop_unaccent): letters NFKD leaves whole
// (ß, ø, æ, œ, ł) are spelt as the column spells them. A scalar subquery, so that it is computed
// once per execution: in a prepared statement's generic plan the expression itself would be
// computed again for every row ts_rank ranks (31 ms instead of 11 ms for 9,723 matches).
const tsquery = (query: SQLWrapper | string) =>
  sql`(SELECT to_tsquery(${sql.raw(`'${SEARCH_CONFIG}'`)}, public.shop_unaccent(${query})))`;

/** The products that match `query` (textQuery's answer, or a placeholder for it): through the GIN index. */
export const textMatch = (query: SQLWrapper | string) => sql`"products"."search" @@ ${tsquery(query)}`;

// ts_rank's weights for D, C, B, A: description 1, seller 2, category 4, name 10, as SQLite's bm25
// weighs the columns (drizzle/sqlite/0001).
const WEIGHTS = sql.raw(`'{0.1, 0.2, 0.4, 1.0}'::float4[]`);

/** ORDER BY term for textMatch's rows: the best match first (a hit in the name weighs most). */
export const textRank = (query: SQLWrapper | string) =>
  desc(sql`ts_rank(${WEIGHTS}, "products"."search", ${tsquery(query)})`);

/** Every word of the catalogue's search vectors, with how many products hold it (the search_words table). */
export async function searchVocabulary(q: Queryable = db): Promise<{ term: string; docs: number }[]> {
  return rows(q, sql`SELECT word AS term, docs FROM search_words`);
}

/** Moves whenever the catalogue's words may have changed: searchVocabulary's answer read under it stays true until then. */
export async function vocabularyVersion(q: Queryable = db): Promise<number> {
  const [row] = await rows<{ version: number }>(q, sql`SELECT version FROM search_words_version WHERE id = 1`);
  return row?.version ?? 0;
}
