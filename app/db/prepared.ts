import type { Queryable } from "./client.server";

/**
 * A statement prepared on its first use on a connection (the migrations have run by then) and
 * reused after: drizzle builds its SQL and the database compiles it once, not on every call. One
 * statement per connection (the read connection, the write transaction's), so the same query runs
 * inside or outside a transaction:
 *
 *   const byId = preparedOnce((q) => q.select().from(products).where(eq(products.id, sql.placeholder("id"))).prepare());
 *   const [row] = await byId(db).execute({ id });
 *
 * Drizzle evaluates `$defaultFn` and `$onUpdateFn` once, when it builds the statement: give every
 * such column (ids, createdAt, updatedAt) its value through a placeholder.
 */
export function preparedOnce<T>(build: (q: Queryable) => T): (q: Queryable) => T {
  const byConnection = new WeakMap<Queryable, T>();
  return (q) => {
    let statement = byConnection.get(q);
    if (statement === undefined) byConnection.set(q, (statement = build(q)));
    return statement;
  };
}

/**
 * preparedOnce for queries whose SQL depends on a few choices (which filters, which order): one
 * statement per `shape` and connection, a name that says those choices. The shapes must be few
 * (they are never dropped).
 */
export function preparedPerShape<T>(): (q: Queryable, shape: string, build: () => T) => T {
  const byConnection = new WeakMap<Queryable, Map<string, T>>();
  return (q, shape, build) => {
    let byShape = byConnection.get(q);
    if (byShape === undefined) byConnection.set(q, (byShape = new Map()));
    let statement = byShape.get(shape);
    if (statement === undefined) byShape.set(shape, (statement = build()));
    return statement;
  };
}
