import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";

type Props = {
  what: string;
  cancelTo: string;
  /** Names listed under the question (a bulk deletion's products). */
  items?: string[];
  /** Why it cannot be deleted now: said instead of the question, with only the way back. */
  refused?: string | null;
  /** Hidden fields the POST carries (a bulk deletion's ids). */
  children?: ReactNode;
};

/** The confirmation step before a deletion: a plain page with a POST form, so it needs no script. */
export function ConfirmDelete({ what, cancelTo, items, refused, children }: Props) {
  if (refused)
    return (
      <div className="card card-body">
        <p className="lead" data-testid="delete-refused">
          {refused}
        </p>
        <p className="mb-0">
          <Link to={cancelTo} className="btn btn-outline-secondary">
            Back
          </Link>
        </p>
      </div>
    );
  return (
    <div className="card card-body">
      <p className="lead">Delete {what}? This cannot be undone.</p>
      {items ? (
        <ul data-testid="to-delete">
          {items.map((item, i) => (
            <li key={i}>{item}</li>
          ))}
        </ul>
      ) : null}
      <div className="d-flex gap-2">
        <Form method="post">
          {children}
          <button type="submit" className="btn btn-danger">
            Yes, delete
          </button>
        </Form>
        <Link to={cancelTo} className="btn btn-outline-secondary">
          Cancel
        </Link>
      </div>
    </div>
  );
}
