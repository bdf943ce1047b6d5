/** Table state kept in the URL (search, sort, page, rows per page), so tables work without JavaScript. */
export const PAGE_SIZES = [10, 20, 50, 100] as const;

export type TableQuery<S extends string> = { q: string; sort: S; dir: "asc" | "desc"; page: number; size: number };

/** Reads the table state from the query; anything unknown falls back to the table's defaults. */
export function parseTableQuery<S extends string>(
  params: URLSearchParams,
  sortable: readonly S[],
  defaults: { sort: S; dir: "asc" | "desc" },
): TableQuery<S> {
  const sort = params.get("sort") as S | null;
  const dir = params.get("dir");
  const page = Number(params.get("page"));
  const size = Number(params.get("size"));
  return {
    q: (params.get("q") ?? "").trim().slice(0, 100),
    sort: sort && sortable.includes(sort) ? sort : defaults.sort,
    dir: dir === "asc" || dir === "desc" ? dir : defaults.dir,
    page: Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1,
    size: (PAGE_SIZES as readonly number[]).includes(size) ? size : PAGE_SIZES[0],
  };
}

/** Rows to skip for the table's page (SQL OFFSET; LIMIT is the page size). */
export function pageOffset(query: { page: number; size: number }): number {
  return (query.page - 1) * query.size;
}
