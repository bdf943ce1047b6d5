import { ValidatedForm, useField } from "remix-validated-form";
import { reviewValidator } from "~/lib/review-schema";
import { SubmitButton } from "./form-fields";

type Props = { existing: { rating: number; comment: string } | null };

function StarRadios() {
  const { error, defaultValue } = useField("rating");
  return (
    <fieldset className="mb-3" aria-describedby={error ? "rating-error" : undefined}>
      <legend className="form-label fs-6">Rating</legend>
      <div className="star-radios">
        {[5, 4, 3, 2, 1].map((n) => (
          <span key={n}>
            <input
              type="radio"
              id={`rating-${n}`}
              name="rating"
              value={n}
              defaultChecked={Number(defaultValue) === n}
              className="visually-hidden star-input"
            />
            <label htmlFor={`rating-${n}`} title={`${n} star${n > 1 ? "s" : ""}`}>
              <span aria-hidden="true">★</span>
              <span className="visually-hidden">{`${n} star${n > 1 ? "s" : ""}`}</span>
            </label>
          </span>
        ))}
      </div>
      {error ? (
        <div id="rating-error" className="invalid-feedback d-block">
          {error}
        </div>
      ) : null}
    </fieldset>
  );
}

function Comment() {
  const { error, getInputProps } = useField("comment");
  return (
    <div className="mb-3">
      <label htmlFor="comment" className="form-label">
        Comment
      </label>
      <textarea
        {...getInputProps({ id: "comment", rows: 4 })}
        className={`form-control${error ? " is-invalid" : ""}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "comment-error" : undefined}
      />
      {error ? (
        <div id="comment-error" className="invalid-feedback">
          {error}
        </div>
      ) : null}
    </div>
  );
}

/** Post or update the signed-in user's review of this product: a plain form, enhanced by remix-validated-form. */
export function ReviewForm({ existing }: Props) {
  return (
    <section className="card card-body mt-4" aria-labelledby="review-form-heading" id="review">
      <h2 id="review-form-heading" className="h5">
        {existing ? "Update Your Review" : "Submit Your Review"}
      </h2>
      <ValidatedForm validator={reviewValidator} method="post" defaultValues={existing ?? undefined} noValidate>
        <input type="hidden" name="intent" value="review" />
        <StarRadios />
        <Comment />
        <SubmitButton className="btn btn-warning px-4">Submit</SubmitButton>
      </ValidatedForm>
    </section>
  );
}
