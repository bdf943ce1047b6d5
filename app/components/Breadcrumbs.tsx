import { Link } from "@remix-run/react";

export type Crumb = { label: string; to?: string };

/** Where the page sits: links for the levels above, the last (this page) marked aria-current. */
export function Breadcrumbs({ trail }: { trail: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-3">
      <ol className="breadcrumb mb-0">
        {trail.map((crumb, i) =>
          i === trail.length - 1 ? (
            <li key={crumb.label} className="breadcrumb-item active text-break" aria-current="page">
              {crumb.label}
            </li>
          ) : (
            <li key={crumb.label} className="breadcrumb-item">
              <Link to={crumb.to ?? "/"}>{crumb.label}</Link>
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
