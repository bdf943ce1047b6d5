/**
 * A query prepared on first use and kept: each call then only binds its values, with no query
 * building and no SQL compiled. First use, not import: the tables exist once the migrations have
 * run at start. For the queries every signed-in page runs (session, cart count).
 */
export function preparedOnce<T>(prepare: () => T): () => T {
  let statement: T | undefined;
  return () => (statement ??= prepare());
}
