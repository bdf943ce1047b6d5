import { desc, sql, type SQLWrapper } from "drizzle-orm";
import { searchWords } from "~/lib/search-words";
import { db, type Queryable } from "../../client.server";
import { rows } from "./raw";

// Full-text search of the catalogue on PostgreSQL: products.search, a generated weighted tsvector
// with a GIN index (drizzle/pg), accent- and case-insensitive (shop_unaccent, the 'simple' config).

/** What a shopper typed as a tsquery: every word must match, the last as a prefix. Null when no word. */
export function textQuery(keyword: string, maxTerms = 12): string | null {
  const words = searchWords(keyword);
  if (words.length === 0) return null;
  const terms = words.slice(0, maxTerms);
  // Words hold only letters and digits, so they cannot carry tsquery syntax.
  return terms.map((w, i) => (i === terms.length - 1 ? `${w}:*` : w)).join(" & ");
}

const tsquery = (query: SQLWrapper | string) => sql`to_tsquery('simple', ${query})`;

/** The products that match `query` (textQuery's answer, or a placeholder for it). */
export const textMatch = (query: SQLWrapper | string) => sql`"products"."search" @@ ${tsquery(query)}`;

/** ORDER BY term for textMatch's rows: the best match first (a hit in the name weighs most). */
export const textRank = (query: SQLWrapper | string) => desc(sql`ts_rank("products"."search", ${tsquery(query)})`);

/** Every word of the catalogue's search vectors, with how many products hold it. */
export async function searchVocabulary(q: Queryable = db): Promise<{ term: string; docs: number }[]> {
  return rows(q, sql`SELECT word AS term, ndoc AS docs FROM ts_stat('SELECT search FROM products')`);
}
