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

/**
 * preparedOnce for queries whose SQL depends on a few choices (which filters, which order): one
 * statement per `shape`, a name that says those choices, built on its first use and kept. The
 * shapes must be few (they are never dropped).
 */
export function preparedPerShape<T>(): (shape: string, build: () => T) => T {
  const byShape = new Map<string, T>();
  return (shape, build) => {
    let statement = byShape.get(shape);
    if (statement === undefined) byShape.set(shape, (statement = build()));
    return statement;
  };
}
