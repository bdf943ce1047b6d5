import { Form, Link, useLocation, useSubmit } from "@remix-run/react";
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type RowData } from "@tanstack/react-table";
import type { ReactNode } from "react";
import { PAGE_SIZES, type TableQuery } from "~/lib/table-query";

declare module "@tanstack/react-table" {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the type parameters must match TanStack's declaration
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Classes of the column's header and cells, e.g. WIDE_ONLY's to hide it on phones. */
    className?: string;
  }
}

/** A filter of the table: a select in a GET form over the URL query (submitted on change with JS). */
export type TableFilter = { name: string; label: string; value: string; options: { value: string; label: string }[] };

/** Hides a column below the md breakpoint (phones), so the important ones and the actions fit. */
export const WIDE_ONLY = { className: "d-none d-md-table-cell" };

type Props<T> = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- TanStack's own type for mixed columns
  columns: ColumnDef<T, any>[];
  data: T[];
  total: number;
  query: TableQuery<string>;
  /** Column ids that can be sorted (sorting is done by the server, in SQL). */
  sortable: string[];
  caption: string;
  filters?: TableFilter[];
  /** Shown between the controls and the table, e.g. a bulk action's form. */
  children?: ReactNode;
};

const PAGE_BUTTONS = 8;

function hrefWith(search: string, changes: Record<string, string | number>) {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) params.set(key, String(value));
  return `?${params.toString()}`;
}

/**
 * TanStack Table in server mode: the rows, sort and page come from the loader, and every control
 * is a link or a GET form over the URL query, so the table works without JavaScript.
 */
export function DataTable<T>({ columns, data, total, query, sortable, caption, filters = [], children }: Props<T>) {
  const { search, key: visit } = useLocation();
  const submit = useSubmit();
  const pageCount = Math.max(1, Math.ceil(total / query.size));
  const table = useReactTable({
    data,
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    pageCount,
    state: {
      sorting: [{ id: query.sort, desc: query.dir === "desc" }],
      pagination: { pageIndex: query.page - 1, pageSize: query.size },
    },
  });
  const first = Math.max(1, Math.min(query.page - Math.floor(PAGE_BUTTONS / 2), pageCount - PAGE_BUTTONS + 1));
  const pages = Array.from({ length: Math.min(PAGE_BUTTONS, pageCount) }, (_, i) => first + i);
  // Each GET form carries the rest of the query (sort, other filters) and starts again at page 1.
  const keepAllBut = (own: string) =>
    [...new URLSearchParams(search)]
      .filter(([name]) => name !== own && name !== "page")
      .map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);

  return (
    <div>
      <div className="d-flex flex-wrap justify-content-between align-items-end gap-3 mb-3">
        <Form method="get" role="search" aria-label={caption} className="d-flex gap-2 align-items-end">
          <div>
            <label htmlFor="table-search" className="form-label mb-1">
              Search
            </label>
            <input
              id="table-search"
              type="search"
              name="q"
              defaultValue={query.q}
              className="form-control form-control-sm"
            />
          </div>
          {keepAllBut("q")}
          <button type="submit" className="btn btn-sm btn-outline-secondary">
            Search
          </button>
        </Form>
        {[
          ...filters,
          {
            name: "size",
            label: "Rows per page:",
            value: String(query.size),
            options: PAGE_SIZES.map((n) => ({ value: String(n), label: String(n) })),
          },
        ].map((filter) => (
          <Form
            key={filter.name}
            method="get"
            className="d-flex gap-2 align-items-end"
            onChange={(e) => submit(e.currentTarget)}
          >
            {keepAllBut(filter.name)}
            <div>
              <label htmlFor={`table-${filter.name}`} className="form-label mb-1">
                {filter.label}
              </label>
              <select
                id={`table-${filter.name}`}
                name={filter.name}
                defaultValue={filter.value}
                key={filter.value}
                className="form-select form-select-sm"
              >
                {filter.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </div>
            <noscript>
              <button type="submit" className="btn btn-sm btn-outline-secondary">
                Show
              </button>
            </noscript>
          </Form>
        ))}
      </div>
      {children}

      <div className="table-responsive">
        <table className="table table-striped table-hover align-middle">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const label = flexRender(header.column.columnDef.header, header.getContext());
                  const active = query.sort === header.column.id;
                  const nextDir = active && query.dir === "asc" ? "desc" : "asc";
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      className={header.column.columnDef.meta?.className}
                      aria-sort={active ? (query.dir === "asc" ? "ascending" : "descending") : undefined}
                    >
                      {sortable.includes(header.column.id) ? (
                        <Link
                          to={hrefWith(search, { sort: header.column.id, dir: nextDir, page: 1 })}
                          className="text-reset"
                        >
                          {label} {active ? (query.dir === "asc" ? "▲" : "▼") : ""}
                        </Link>
                      ) : (
                        label
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          {/* New rows on each visit: row checkboxes checked before a bulk action start unchecked again. */}
          <tbody key={visit}>
            {table.getRowModel().rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="text-center text-muted">
                  No matching records found
                </td>
              </tr>
            ) : (
              table.getRowModel().rows.map((row) => (
                <tr key={row.id}>
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id} className={cell.column.columnDef.meta?.className}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>

      {pageCount > 1 ? (
        <nav aria-label="Table pages" className="d-flex justify-content-center">
          <ul className="pagination pagination-sm">
            <li className={`page-item${query.page <= 1 ? " disabled" : ""}`}>
              <Link
                className="page-link"
                to={hrefWith(search, { page: query.page - 1 })}
                aria-disabled={query.page <= 1}
              >
                Prev
              </Link>
            </li>
            {pages.map((n) => (
              <li
                key={n}
                className={`page-item${n === query.page ? " active" : ""}`}
                aria-current={n === query.page ? "page" : undefined}
              >
                <Link className="page-link" to={hrefWith(search, { page: n })}>
                  {n}
                </Link>
              </li>
            ))}
            <li className={`page-item${query.page >= pageCount ? " disabled" : ""}`}>
              <Link
                className="page-link"
                to={hrefWith(search, { page: query.page + 1 })}
                aria-disabled={query.page >= pageCount}
              >
                Next
              </Link>
            </li>
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
