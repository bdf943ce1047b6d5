import { Link, useLocation } from "@remix-run/react";

type Props = { page: number; pageCount: number; pageLinks?: number };

function hrefFor(search: string, page: number): string {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete("page");
  else params.set("page", String(page));
  const query = params.toString();
  return query ? `?${query}` : "?";
}

/** First / Prev / page numbers / Next / Last, as links that keep the rest of the query. */
export function Pagination({ page, pageCount, pageLinks = 5 }: Props) {
  const { search } = useLocation();
  const first = Math.max(1, Math.min(page - Math.floor(pageLinks / 2), pageCount - pageLinks + 1));
  const numbers = Array.from({ length: Math.min(pageLinks, pageCount) }, (_, i) => first + i);
  const item = (label: string, target: number, disabled: boolean, key = label) => (
    <li key={key} className={`page-item${disabled ? " disabled" : ""}`}>
      {disabled ? (
        <span className="page-link">{label}</span>
      ) : (
        <Link className="page-link" to={hrefFor(search, target)}>
          {label}
        </Link>
      )}
    </li>
  );
  return (
    <nav aria-label="Pages" className="d-flex justify-content-center mt-4">
      <ul className="pagination flex-wrap justify-content-center">
        {item("First", 1, page <= 1)}
        {item("Prev", page - 1, page <= 1)}
        {numbers.map((n) =>
          n === page ? (
            <li key={n} className="page-item active" aria-current="page">
              <span className="page-link">{n}</span>
            </li>
          ) : (
            item(String(n), n, false, `n${n}`)
          ),
        )}
        {item("Next", page + 1, page >= pageCount)}
        {item("Last", pageCount, page >= pageCount)}
      </ul>
    </nav>
  );
}
