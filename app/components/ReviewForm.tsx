import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { ValidatedForm, useField } from "remix-validated-form";
import { useHydrated } from "~/lib/use-hydrated";
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

function Fields({ existing }: Props) {
  return (
    <ValidatedForm validator={reviewValidator} method="post" defaultValues={existing ?? undefined} noValidate>
      <input type="hidden" name="intent" value="review" />
      <StarRadios />
      <Comment />
      <SubmitButton className="btn btn-warning px-4">Submit</SubmitButton>
    </ValidatedForm>
  );
}

/**
 * Post or update the signed-in user's review of this product. Without JavaScript it is a form on
 * the page; with JavaScript a button opens it in a Bootstrap modal.
 */
export function ReviewForm({ existing }: Props) {
  const hydrated = useHydrated();
  const modal = useRef<HTMLDivElement>(null);
  const { key } = useLocation();
  // A posted review redirects back here (a new location): close the modal then.
  useEffect(() => {
    const element = modal.current;
    if (!element) return;
    void import("bootstrap/js/dist/modal").then(({ default: Modal }) => Modal.getInstance(element)?.hide());
  }, [key]);
  const title = existing ? "Update Your Review" : "Submit Your Review";
  if (!hydrated) {
    return (
      <section className="card card-body mt-4" aria-labelledby="review-form-heading" id="review">
        <h2 id="review-form-heading" className="h5">
          {title}
        </h2>
        <Fields existing={existing} />
      </section>
    );
  }
  const open = async () => {
    const { default: Modal } = await import("bootstrap/js/dist/modal");
    if (modal.current) Modal.getOrCreateInstance(modal.current).show();
  };
  return (
    <>
      <button type="button" className="btn btn-warning mt-4" onClick={open}>
        {title}
      </button>
      <div ref={modal} className="modal fade" tabIndex={-1} aria-labelledby="review-modal-title" aria-hidden="true">
        <div className="modal-dialog">
          <div className="modal-content">
            <div className="modal-header">
              <h2 className="modal-title h5" id="review-modal-title">
                {title}
              </h2>
              <button type="button" className="btn-close" data-bs-dismiss="modal" aria-label="Close" />
            </div>
            <div className="modal-body">
              <Fields existing={existing} />
            </div>
          </div>
        </div>
      </div>
    </>
  );
}
