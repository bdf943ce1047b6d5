import { Form } from "@remix-run/react";
import { ValidatedForm } from "remix-validated-form";
import { APPLY_COUPON, couponValidator, REMOVE_COUPON } from "~/lib/discount-schema";
import { SubmitButton, TextField } from "./form-fields";

/** What became of the code on the cart: null when none was entered; `refusal` says why it does not apply. */
export type CouponState = { code: string; refusal: string | null } | null;

/**
 * The cart's and the confirmation's discount code: a field and "Apply" (a plain form, handled by the
 * page's action), or the code entered, whether it applies (and why not), and "Remove".
 */
export function CouponForm({ coupon }: { coupon: CouponState }) {
  if (coupon)
    return (
      <Form method="post" className="mt-3" data-testid="coupon">
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
    );
  return (
    <ValidatedForm validator={couponValidator} method="post" className="mt-3" noValidate data-testid="coupon">
      <input type="hidden" name="intent" value={APPLY_COUPON} />
      <TextField name="couponCode" label="Discount code" autoComplete="off" maxLength={80} />
      <SubmitButton className="btn btn-outline-primary w-100">Apply</SubmitButton>
    </ValidatedForm>
  );
}
