import crypto from "node:crypto";
import type { Queryable } from "./client.server";

type PgQueryConfig = { name?: string; text: string };
type PgPrepared = { queryConfig: PgQueryConfig; rawQueryConfig: PgQueryConfig };

const isPgPrepared = (value: unknown): value is PgPrepared =>
  typeof value === "object" && value !== null && "queryConfig" in value && "rawQueryConfig" in value;

/**
 * On PostgreSQL, gives each statement `build` made a name from its SQL text, so that each
 * connection parses it once and then only binds values (node-postgres keeps the names each
 * connection has prepared). Drizzle names none: the models' `.prepare()` is SQLite's, which takes
 * no name. The same text always gets the same name, so a name never means two statements.
 */
function named<T>(built: T): T {
  for (const value of isPgPrepared(built) ? [built] : Object.values(built as object)) {
    if (!isPgPrepared(value)) continue;
    const name = `s${crypto.createHash("sha1").update(value.rawQueryConfig.text).digest("hex").slice(0, 20)}`;
    value.queryConfig.name = name;
    value.rawQueryConfig.name = name;
  }
  return built;
}

/**
 * The connection a statement built on `q` runs on: a transaction's own database connection (drizzle
 * makes a new transaction object each time, on one of a few connections: PostgreSQL's pool, SQLite's
 * writer), else `q`. Statements are kept per connection, so a transaction reuses those an earlier one
 * built on the same connection instead of building them again (on PostgreSQL that was every
 * transaction: 13% of a checkout's CPU).
 */
function connectionOf(q: Queryable): object {
  const client = (q as { session?: { client?: unknown } }).session?.client;
  return typeof client === "object" && client !== null ? client : q;
}

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
  const byConnection = new WeakMap<object, T>();
  return (q) => {
    const connection = connectionOf(q);
    let statement = byConnection.get(connection);
    if (statement === undefined) byConnection.set(connection, (statement = named(build(q))));
    return statement;
  };
}

/**
 * preparedOnce for queries whose SQL depends on a few choices (which filters, which order): one
 * statement per `shape` and connection, a name that says those choices. The shapes must be few
 * (they are never dropped).
 */
export function preparedPerShape<T>(): (q: Queryable, shape: string, build: () => T) => T {
  const byConnection = new WeakMap<object, Map<string, T>>();
  return (q, shape, build) => {
    const connection = connectionOf(q);
    let byShape = byConnection.get(connection);
    if (byShape === undefined) byConnection.set(connection, (byShape = new Map()));
    let statement = byShape.get(shape);
    if (statement === undefined) byShape.set(shape, (statement = named(build())));
    return statement;
  };
}
