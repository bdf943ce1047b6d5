import { Form } from "@remix-run/react";
import { ValidatedForm } from "remix-validated-form";
import { APPLY_COUPON, couponValidator, REMOVE_COUPON } from "~/lib/discount-schema";
import { SubmitButton, TextField } from "./form-fields";

/** What became of the code on the cart: null when none was entered; `refusal` says why it does not apply. */
export type CouponState = { code: string; refusal: string | null } | null;

/**
 * The cart's and the confirmation's discount code: a field and "Apply" (a plain form, handled by the
 * page's action); once a code is entered, whether it applies (and why not) and "Remove". A refused
 * code keeps the field, holding it, to correct it or try another.
 */
export function CouponForm({ coupon }: { coupon: CouponState }) {
  return (
    <div className="mt-3" data-testid="coupon">
      {coupon ? (
        <Form method="post" className={coupon.refusal ? "mb-2" : undefined}>
          <input type="hidden" name="intent" value={REMOVE_COUPON} />
          <p className="mb-1" role="status">
            Discount code <b data-testid="coupon-code">{coupon.code}</b>:{" "}
            {coupon.refusal ? (
              <span className="text-danger-emphasis" data-testid="coupon-refusal">
                {coupon.refusal}
              </span>
            ) : (
              <span className="text-success-emphasis">applied.</span>
            )}
          </p>
          <button type="submit" className="btn btn-outline-secondary btn-sm">
            Remove code
          </button>
        </Form>
      ) : null}
      {coupon && !coupon.refusal ? null : (
        <ValidatedForm
          // A new form when the refused code changes, so that the field shows it.
          key={coupon?.code ?? ""}
          validator={couponValidator}
          method="post"
          defaultValues={{ couponCode: coupon?.code ?? "" }}
          noValidate
        >
          <input type="hidden" name="intent" value={APPLY_COUPON} />
          <TextField name="couponCode" label="Discount code" autoComplete="off" maxLength={80} />
          <SubmitButton className="btn btn-outline-primary w-100">Apply</SubmitButton>
        </ValidatedForm>
      )}
    </div>
  );
}
