import { Form, Link } from "@remix-run/react";
import { QUERY_FIELDS, type QueryField } from "~/lib/catalogue-fields";
import { CATEGORIES } from "~/lib/categories";

type Props = {
  action: string;
  values: Partial<Record<QueryField, string>>;
  errors: Partial<Record<QueryField, string>>;
};

const RATING_CHOICES = ["4", "3", "2", "1"];
const PRICE_BOUNDS = [
  { field: "priceGte", id: "price-gte", label: "Min" },
  { field: "priceLte", id: "price-lte", label: "Max" },
] as const;

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
          {PRICE_BOUNDS.map(({ field, id, label }) => (
            <div key={field}>
              <label htmlFor={id} className="form-label small">
                {label}
              </label>
              <input
                id={id}
                name={QUERY_FIELDS[field]}
                inputMode="decimal"
                className={`form-control form-control-sm${errors[field] ? " is-invalid" : ""}`}
                defaultValue={values[field] ?? ""}
                aria-invalid={errors[field] ? true : undefined}
                aria-describedby={errors[field] ? `${id}-error` : undefined}
              />
            </div>
          ))}
        </div>
        {PRICE_BOUNDS.map(({ field, id }) => (
          <FieldError key={field} id={`${id}-error`} message={errors[field]} />
        ))}
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
