import { Form, Link } from "@remix-run/react";

/** The confirmation step before a deletion: a plain page with a POST form, so it needs no script. */
export function ConfirmDelete({ what, cancelTo }: { what: string; cancelTo: string }) {
  return (
    <div className="card card-body">
      <p className="lead">Delete {what}? This cannot be undone.</p>
      <div className="d-flex gap-2">
        <Form method="post">
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
