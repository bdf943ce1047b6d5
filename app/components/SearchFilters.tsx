import { Form, Link } from "@remix-run/react";
import { QUERY_FIELDS, SORTS, SORT_LABELS, type QueryField } from "~/lib/catalogue-fields";
import { CurrencySign } from "./CurrencySign";

type Props = {
  action: string;
  clearHref: string;
  /** Offer "Relevance" (first, the default) only when there is a keyword to be relevant to. */
  withRelevance: boolean;
  values: Partial<Record<QueryField, string>>;
  errors: Partial<Record<QueryField, string>>;
  /** The shop's categories the storefront lists, by name. */
  categories: readonly string[];
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

/**
 * The search page's filters and sort: a GET form, so the URL holds them and no script is needed
 * (the button applies them); with JavaScript a new sort applies at once.
 */
export function SearchFilters({ action, clearHref, withRelevance, values, errors, categories }: Props) {
  const sorts = withRelevance ? SORTS : SORTS.filter((s) => s !== "relevance");
  return (
    <Form method="get" action={action} className="card card-body" aria-label="Filters">
      <div className="mb-3">
        <label htmlFor="sort" className="form-label h6">
          Sort by
        </label>
        <select
          id="sort"
          name={QUERY_FIELDS.sort}
          className={`form-select form-select-sm${errors.sort ? " is-invalid" : ""}`}
          defaultValue={sorts.find((s) => s === values.sort) ?? sorts[0]}
          aria-invalid={errors.sort ? true : undefined}
          aria-describedby={errors.sort ? "sort-error" : undefined}
          onChange={(event) => event.currentTarget.form?.requestSubmit()}
        >
          {sorts.map((s) => (
            <option key={s} value={s}>
              {SORT_LABELS[s]}
            </option>
          ))}
        </select>
        <FieldError id="sort-error" message={errors.sort} />
      </div>

      <fieldset className="mb-3">
        <legend className="h6">
          Price (<CurrencySign />)
        </legend>
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
          {categories.map((c) => (
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
        <Link to={clearHref} className="btn btn-outline-secondary btn-sm">
          Clear
        </Link>
      </div>
    </Form>
  );
}
