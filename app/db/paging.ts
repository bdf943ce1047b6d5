import { asc, count, desc, type AnyColumn, type SQL, type SQLWrapper } from "drizzle-orm";
import type { SQLiteSelect } from "drizzle-orm/sqlite-core";
import { pageOffset, type TableQuery } from "~/lib/table-query";
import { db } from "./client.server";

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
export function selectPage<T extends SQLiteSelect<string, "sync">, S extends string>(
  select: T,
  { where, sorts, tiebreak }: PageSpec<S>,
  query: TableQuery<S>,
): { rows: T["_"]["result"]; total: number } {
  const found = select.where(where);
  const total = db.select({ n: count() }).from(found.as("found")).get()?.n ?? 0;
  const rows = found
    .orderBy(query.dir === "asc" ? asc(sorts[query.sort]) : desc(sorts[query.sort]), ...tiebreak)
    .limit(query.size)
    .offset(pageOffset(query))
    .all();
  return { rows, total };
}
