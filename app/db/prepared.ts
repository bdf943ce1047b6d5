/**
 * A statement prepared on its first use (the migrations have run by then) and reused after: drizzle
 * builds its SQL and SQLite compiles it once, not on every call. Values go in through placeholders
 * (`sql.placeholder("name")`). It runs on the one connection, so inside a transaction it is part of it.
 *
 * Drizzle evaluates `$defaultFn` and `$onUpdateFn` once, when it builds the statement: give every
 * such column (ids, createdAt, updatedAt) its value through a placeholder.
 */
export function preparedOnce<T>(build: () => T): () => T {
  let statement: T | undefined;
  return () => (statement ??= build());
}
