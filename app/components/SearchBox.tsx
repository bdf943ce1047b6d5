import { Form, useParams } from "@remix-run/react";

/** A GET form to /search, which redirects to /search/{keyword} (or / when blank): no script needed. */
export function SearchBox() {
  const { keyword = "" } = useParams();
  return (
    <Form
      method="get"
      action="/search"
      role="search"
      aria-label="Catalogue"
      className="d-flex flex-grow-1 mx-lg-4 my-2 my-lg-0"
    >
      <div className="input-group">
        <input
          key={keyword}
          type="search"
          name="keyword"
          className="form-control"
          placeholder="Enter Product Name ..."
          aria-label="Search products"
          defaultValue={keyword}
          maxLength={100}
        />
        <button type="submit" className="btn btn-warning" aria-label="Search">
          <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" fill="currentColor">
            <path d="M11.742 10.344a6.5 6.5 0 1 0-1.397 1.398l3.85 3.85a1 1 0 0 0 1.415-1.414zM12 6.5a5.5 5.5 0 1 1-11 0 5.5 5.5 0 0 1 11 0" />
          </svg>
        </button>
      </div>
    </Form>
  );
}
