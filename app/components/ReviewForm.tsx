import { useEffect, useRef } from "react";
import { Form, useNavigation } from "@remix-run/react";
import { useHydrated } from "~/lib/use-hydrated";

type Values = { rating?: unknown; comment?: unknown };
type Props = {
  existing: { rating: number; comment: string } | null;
  /** What the server said of the last submission (validated there: no form library shipped for this page). */
  submitted?: { fieldErrors: Record<string, string>; repopulateFields: Values } | null;
};

function StarRadios({ error, defaultValue }: { error?: string; defaultValue?: unknown }) {
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

function Comment({ error, defaultValue }: { error?: string; defaultValue?: unknown }) {
  return (
    <div className="mb-3">
      <label htmlFor="comment" className="form-label">
        Comment
      </label>
      <textarea
        id="comment"
        name="comment"
        rows={4}
        defaultValue={typeof defaultValue === "string" ? defaultValue : ""}
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

function Fields({ existing, submitted }: Props) {
  const navigation = useNavigation();
  const values: Values = submitted?.repopulateFields ?? existing ?? {};
  const errors = submitted?.fieldErrors ?? {};
  return (
    <Form method="post" noValidate key={JSON.stringify(values)}>
      <input type="hidden" name="intent" value="review" />
      <StarRadios error={errors.rating} defaultValue={values.rating} />
      <Comment error={errors.comment} defaultValue={values.comment} />
      <button type="submit" className="btn btn-warning px-4" disabled={navigation.state === "submitting"}>
        Submit
      </button>
    </Form>
  );
}

/**
 * Post or update the signed-in user's review of this product. Without JavaScript it is a form on
 * the page; with JavaScript a button opens it in a Bootstrap modal.
 */
export function ReviewForm({ existing, submitted }: Props) {
  const hydrated = useHydrated();
  const modal = useRef<HTMLDivElement>(null);
  // Once the review is saved the page reloads with it: close the modal then (not on a refused post).
  const saved = JSON.stringify(existing);
  useEffect(() => {
    const element = modal.current;
    if (!element) return;
    void import("bootstrap/js/dist/modal").then(({ default: Modal }) => Modal.getInstance(element)?.hide());
  }, [saved]);
  const title = existing ? "Update Your Review" : "Submit Your Review";
  if (!hydrated) {
    return (
      <section className="card card-body mt-4" aria-labelledby="review-form-heading" id="review">
        <h2 id="review-form-heading" className="h5">
          {title}
        </h2>
        <Fields existing={existing} submitted={submitted} />
      </section>
    );
  }
  const open = async () => {
    const { default: Modal } = await import("bootstrap/js/dist/modal");
    if (modal.current) Modal.getOrCreateInstance(modal.current).show();
  };
  return (
    <>
      <button type="button" className="btn btn-warning mt-4" onClick={() => void open()}>
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
              <Fields existing={existing} submitted={submitted} />
            </div>
          </div>
        </div>
      </div>
    </>
  );
}
