import type { ReactNode } from "react";
import { Link } from "@remix-run/react";

/** The frame of an admin list: a "New …" button, then the table, or a line saying the list is empty. */
export function AdminList({
  newTo,
  newLabel,
  isEmpty,
  empty,
  caption,
  children,
}: {
  newTo: string;
  newLabel: string;
  isEmpty: boolean;
  empty: ReactNode;
  caption?: string;
  /** The table's thead and tbody. */
  children: ReactNode;
}) {
  return (
    <>
      <p>
        <Link to={newTo} className="btn btn-warning">
          {newLabel}
        </Link>
      </p>
      {isEmpty ? (
        <p className="text-muted">{empty}</p>
      ) : (
        // Positioned, so that the hidden caption (absolutely placed) scrolls with the table, not the page.
        <div className="table-responsive position-relative">
          <table className="table align-middle">
            {caption ? <caption className="visually-hidden">{caption}</caption> : null}
            {children}
          </table>
        </div>
      )}
    </>
  );
}
