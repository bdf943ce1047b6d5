import { Form, Link } from "@remix-run/react";
import { QUERY_FIELDS, type QueryField } from "~/lib/catalogue-fields";
import { CATEGORIES } from "~/lib/categories";

type Props = {
  action: string;
  values: Partial<Record<QueryField, string>>;
  errors: Partial<Record<QueryField, string>>;
};

const RATING_CHOICES = ["4", "3", "2", "1"];

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <div id={id} className="invalid-feedback d-block">
      {message}
    </div>
  ) : null;
}

/** The search page's filters: a GET form, so the URL holds them and no script is needed. */
export function SearchFilters({ action, values, errors }: Props) {
  return (
    <Form method="get" action={action} className="card card-body" aria-label="Filters">
      <fieldset className="mb-3">
        <legend className="h6">Price ($)</legend>
        <div className="d-flex gap-2">
          <div>
            <label htmlFor="price-gte" className="form-label small">
              Min
            </label>
            <input
              id="price-gte"
              name={QUERY_FIELDS.priceGte}
              inputMode="decimal"
              className={`form-control form-control-sm${errors.priceGte ? " is-invalid" : ""}`}
              defaultValue={values.priceGte ?? ""}
              aria-invalid={errors.priceGte ? true : undefined}
              aria-describedby={errors.priceGte ? "price-gte-error" : undefined}
            />
          </div>
          <div>
            <label htmlFor="price-lte" className="form-label small">
              Max
            </label>
            <input
              id="price-lte"
              name={QUERY_FIELDS.priceLte}
              inputMode="decimal"
              className={`form-control form-control-sm${errors.priceLte ? " is-invalid" : ""}`}
              defaultValue={values.priceLte ?? ""}
              aria-invalid={errors.priceLte ? true : undefined}
              aria-describedby={errors.priceLte ? "price-lte-error" : undefined}
            />
          </div>
        </div>
        <FieldError id="price-gte-error" message={errors.priceGte} />
        <FieldError id="price-lte-error" message={errors.priceLte} />
      </fieldset>

      <div className="mb-3">
        <label htmlFor="category" className="form-label h6">
          Category
        </label>
        <select
          id="category"
          name={QUERY_FIELDS.category}
          className={`form-select form-select-sm${errors.category ? " is-invalid" : ""}`}
          defaultValue={values.category ?? ""}
        >
          <option value="">All categories</option>
          {CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
        <FieldError id="category-error" message={errors.category} />
      </div>

      <fieldset className="mb-3">
        <legend className="h6">Ratings</legend>
        <div className="form-check">
          <input
            className="form-check-input"
            type="radio"
            id="rating-any"
            name={QUERY_FIELDS.ratingsGte}
            value=""
            defaultChecked={!values.ratingsGte}
          />
          <label className="form-check-label" htmlFor="rating-any">
            Any rating
          </label>
        </div>
        {RATING_CHOICES.map((r) => (
          <div className="form-check" key={r}>
            <input
              className="form-check-input"
              type="radio"
              id={`rating-${r}`}
              name={QUERY_FIELDS.ratingsGte}
              value={r}
              defaultChecked={values.ratingsGte === r}
            />
            <label className="form-check-label" htmlFor={`rating-${r}`}>
              {r === "1" ? "1 star" : `${r} stars`} &amp; up
            </label>
          </div>
        ))}
        <FieldError id="ratings-error" message={errors.ratingsGte} />
      </fieldset>

      <div className="d-flex gap-2">
        <button type="submit" className="btn btn-warning btn-sm">
          Apply filters
        </button>
        <Link to={action} className="btn btn-outline-secondary btn-sm">
          Clear
        </Link>
      </div>
    </Form>
  );
}
