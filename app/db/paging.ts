import { asc, count, desc, sql, type AnyColumn, type SQL, type SQLWrapper } from "drizzle-orm";
import type { SQLiteSelect } from "drizzle-orm/sqlite-core";
import { pageOffset, type TableQuery } from "~/lib/table-query";
import { db } from "./client.server";
import { preparedPerShape } from "./dialect";

/** How a table's rows are found and ordered: the filter, a column per sortable key, and the tie-breakers. */
export type PageSpec<S extends string> = {
  where?: SQL;
  sorts: Record<S, AnyColumn | SQLWrapper>;
  /** ORDER BY terms after the chosen column, so that pages never overlap (end with a unique key). */
  tiebreak: SQL[];
};

/**
 * One page of a table (admin lists, My Orders), counted and paged in SQL. `select` is the rows'
 * select with its joins, without WHERE, ORDER BY or LIMIT, in dynamic mode
 * (`db.select({...}).from(t).innerJoin(...).$dynamic()`); the count runs over the same FROM and
 * WHERE (SQLite flattens the subquery into a plain `SELECT count(*) FROM t WHERE …`).
 */
export async function selectPage<T extends SQLiteSelect<string, "sync">, S extends string>(
  select: T,
  spec: PageSpec<S>,
  query: TableQuery<S>,
): Promise<{ rows: T["_"]["result"]; total: number }> {
  const queries = pageQueries(select, spec, query);
  const [counted] = await queries.total;
  const rows: T["_"]["result"] = await queries.rows.limit(query.size).offset(pageOffset(query));
  return { rows, total: counted?.n ?? 0 };
}

function pageQueries<T extends SQLiteSelect<string, "sync">, S extends string>(
  select: T,
  { where, sorts, tiebreak }: PageSpec<S>,
  query: Pick<TableQuery<S>, "sort" | "dir">,
) {
  const found = select.where(where);
  return {
    total: db.select({ n: count() }).from(found.as("found")),
    rows: found.orderBy(query.dir === "asc" ? asc(sorts[query.sort]) : desc(sorts[query.sort]), ...tiebreak),
  };
}

type PreparedPage = {
  total: { execute(values: Record<string, unknown>): PromiseLike<{ n: number }[]> };
  rows: { execute(values: Record<string, unknown>): PromiseLike<unknown[]> };
};
const preparedPages = preparedPerShape<PreparedPage>();

/**
 * selectPage for a table read on every visit (a shopper's orders): its two queries are prepared
 * once per `shape` (a name for the select and filter, with the sort and direction added here) and
 * kept; `values` fill the filter's `sql.placeholder`s. The select must not depend on anything but
 * the shape and those values.
 */
export async function selectPreparedPage<T extends SQLiteSelect<string, "sync">, S extends string>(
  shape: string,
  build: () => { select: T; spec: PageSpec<S> },
  query: TableQuery<S>,
  values: Record<string, unknown>,
): Promise<{ rows: T["_"]["result"]; total: number }> {
  const page = preparedPages(db, `${shape}:${query.sort}:${query.dir}`, () => {
    const { select, spec } = build();
    const { total, rows } = pageQueries(select, spec, query);
    return {
      total: total.prepare(),
      rows: rows.limit(sql.placeholder("limit")).offset(sql.placeholder("offset")).prepare(),
    };
  });
  const [counted] = await page.total.execute(values);
  const rows = await page.rows.execute({ ...values, limit: query.size, offset: pageOffset(query) });
  return { rows: rows as T["_"]["result"], total: counted?.n ?? 0 };
}
