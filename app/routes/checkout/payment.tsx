import {
  data,
  redirect,
  redirectDocument,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ValidatedForm } from "remix-validated-form";
import { CheckoutSteps } from "~/components/CheckoutSteps";
import { StripeElementsForm } from "~/components/StripeElementsForm";
import { PriceSummary } from "~/components/PriceSummary";
import { FormAlert, TextField } from "~/components/form-fields";
import { cardValidator } from "~/lib/card-schema";
import { formFailure } from "~/web/form-response.server";
import { publicErrorToForm } from "~/web/errors.server";
import { pageMeta } from "~/lib/meta";
import { useMoney } from "~/lib/use-money";
import { redirectWithError } from "~/web/toast.server";
import { payWithCard, startCheckout, isSandbox, publishableKey, stripeJsUrl } from "~/models/checkout";
import { loadPricedCheckout } from "~/web/checkout-page.server";
import { CartNotices } from "~/components/CartNotices";
import { readForm } from "~/web/forms.server";

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: "Payment", description: "Pay for your order by card.", noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  const { quote, notices } = await loadPricedCheckout(request);
  // As the spec's client does before showing the form: no provider key, no payment.
  if (!publishableKey()) throw await redirectWithError("/", "The payment provider is not available right now.");
  const stripe = isSandbox() ? null : { publishableKey: publishableKey(), jsUrl: stripeJsUrl() };
  return { prices: quote.prices, tax: quote.tax, method: quote.method, discounts: quote.discounts, notices, stripe };
}

export async function action({ request }: ActionFunctionArgs) {
  const { buyer } = await loadPricedCheckout(request);
  const form = await readForm(request);
  if (!isSandbox()) {
    // With real keys, card details never reach the shop: the buyer pays on Stripe Checkout.
    try {
      return redirect(await startCheckout(buyer), 303);
    } catch (error) {
      return publicErrorToForm(error);
    }
  }
  const result = await cardValidator.validate(form);
  if (result.error) return formFailure(400, result.error.fieldErrors);
  const card = result.data;
  let outcome;
  try {
    outcome = await payWithCard(buyer, {
      number: card.cardNumber,
      expMonth: card.cardExpiry.month,
      expYear: card.cardExpiry.year,
      cvc: card.cardCvc,
    });
  } catch (error) {
    return publicErrorToForm(error);
  }
  if (outcome.ok) return redirect(`/success?order=${outcome.orderId}`);
  // The bank's page is the payment sandbox's, under the shop's origin but not one of its routes:
  // the browser loads it whole, with or without JavaScript.
  if ("authenticateAt" in outcome) return redirectDocument(outcome.authenticateAt, 303);
  // Paid after its reservation lapsed, the stock gone: refunded, and /success says so.
  if (outcome.refundedOrderId) return redirect(`/success?order=${outcome.refundedOrderId}`);
  // The provider's own words; the pay button stays disabled until the buyer starts again.
  return data({ paymentError: outcome.message }, { status: 402 });
}

export default function Payment() {
  const formatMoney = useMoney();
  const { prices, tax, method, discounts, notices, stripe } = useLoaderData<typeof loader>();
  const payLabel = `Pay - ${formatMoney(prices.totalCents)}`;
  const actionData = useActionData<typeof action>();
  const paymentError = actionData && "paymentError" in actionData ? actionData.paymentError : null;
  const formError = actionData && "formError" in actionData ? actionData.formError : null;
  return (
    <>
      <CheckoutSteps current={3} />
      <CartNotices notices={notices} />
      <div className="row justify-content-center g-4">
        <div className="col-12 col-md-7 col-lg-5">
          <div className="card card-body shadow-sm p-4">
            <h1 className="h3 mb-3">Card Info</h1>
            {stripe ? null : (
              <p className="small text-muted" data-testid="sandbox-note">
                Payment sandbox: no money moves. Pay with 4242 4242 4242 4242 (any future expiry, any CVC); 4000 0000
                0000 0002 is declined; 4000 0025 0000 3155 asks for 3D Secure.
              </p>
            )}
            <FormAlert message={paymentError ?? formError} />
            {stripe ? (
              <StripeElementsForm {...stripe} totalCents={prices.totalCents} payLabel={payLabel} />
            ) : (
              <ValidatedForm validator={cardValidator} method="post" noValidate>
                <TextField
                  name="cardNumber"
                  label="Card Number"
                  inputMode="numeric"
                  autoComplete="cc-number"
                  required
                />
                <TextField name="cardExpiry" label="Card Expiry" placeholder="MM/YY" autoComplete="cc-exp" required />
                <TextField name="cardCvc" label="Card CVC" inputMode="numeric" autoComplete="cc-csc" required />
                <PayButton label={payLabel} disabled={Boolean(paymentError)} />
              </ValidatedForm>
            )}
            {paymentError && !stripe ? (
              <Link to="/payment" className="btn btn-link mt-2" reloadDocument>
                Try another card
              </Link>
            ) : null}
          </div>
        </div>
        <div className="col-12 col-md-5 col-lg-3">
          <PriceSummary prices={prices} shippingMethod={method.name} tax={tax} discounts={discounts} />
        </div>
      </div>
    </>
  );
}

function PayButton({ label, disabled }: { label: string; disabled: boolean }) {
  return (
    <button type="submit" className="btn btn-warning w-100" disabled={disabled} id="pay_btn">
      {label}
    </button>
  );
}
