import { Link } from "@remix-run/react";

/** A row's Edit and Delete links in an admin list, each named with what it acts on for screen readers. */
export function EditDeleteLinks({ editTo, deleteTo, name }: { editTo: string; deleteTo: string; name: string }) {
  return (
    <>
      <Link to={editTo} className="btn btn-sm btn-outline-primary me-2">
        Edit<span className="visually-hidden"> {name}</span>
      </Link>
      <Link to={deleteTo} className="btn btn-sm btn-outline-danger">
        Delete<span className="visually-hidden"> {name}</span>
      </Link>
    </>
  );
}
