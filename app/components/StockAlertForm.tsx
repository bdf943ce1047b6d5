import { Form, useNavigation } from "@remix-run/react";

type Props = {
  productId: string;
  /** The variant shown (sold out), or null for a product without options. */
  variantId: string | null;
  /** A signed-in shopper's address; empty for a guest. */
  defaultEmail: string;
  /** What the server said of the last submission of this form. */
  submitted?: {
    fieldErrors: Record<string, string>;
    repopulateFields: { email?: string };
    formError: string | null;
  } | null;
};

/**
 * "Tell me when it's back": shown under a sold-out product (or variant) when the shop sends these
 * mails. A plain form: it works without JavaScript, and is checked on the server.
 */
export function StockAlertForm({ productId, variantId, defaultEmail, submitted }: Props) {
  const navigation = useNavigation();
  const error = submitted?.fieldErrors.email;
  const email = submitted?.repopulateFields.email ?? defaultEmail;
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "notify";
  return (
    <section className="card card-body mt-3" aria-labelledby="stock-alert-heading" data-testid="stock-alert">
      <h2 id="stock-alert-heading" className="h6">
        Sold out: we can e-mail you when it is back
      </h2>
      {submitted?.formError ? (
        <div className="alert alert-warning py-2" role="alert">
          {submitted.formError}
        </div>
      ) : null}
      <Form method="post" noValidate className="d-flex flex-wrap align-items-start gap-2" key={`${productId}:${email}`}>
        <input type="hidden" name="intent" value="notify" />
        {variantId ? <input type="hidden" name="variant" value={variantId} /> : null}
        <div className="flex-grow-1">
          <label htmlFor="stock-alert-email" className="visually-hidden">
            Your e-mail
          </label>
          <input
            id="stock-alert-email"
            name="email"
            type="email"
            autoComplete="email"
            placeholder="Your e-mail"
            defaultValue={email}
            className={`form-control${error ? " is-invalid" : ""}`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "stock-alert-email-error" : "stock-alert-help"}
          />
          {error ? (
            <div id="stock-alert-email-error" className="invalid-feedback">
              {error}
            </div>
          ) : null}
        </div>
        <button type="submit" className="btn btn-outline-dark" disabled={busy}>
          Notify me
        </button>
      </Form>
      <p id="stock-alert-help" className="form-text mb-0 mt-2">
        One mail when it is in stock again, with a link to stop such mails.
      </p>
    </section>
  );
}
