import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { ValidatedForm } from "remix-validated-form";
import { CheckoutSteps } from "~/components/CheckoutSteps";
import { CheckboxField, SelectField, SubmitButton, TextField } from "~/components/form-fields";
import { formFailure } from "~/web/form-response.server";
import { publicErrorToForm } from "~/web/errors.server";
import { pageMeta } from "~/lib/meta";
import { guestShippingValidator, shippingValidator } from "~/lib/shipping-validator";
import { guestFormDefaults, saveGuestShippingChoice } from "~/models/checkout";
import { useMoney } from "~/lib/use-money";
import { loadCheckout } from "~/web/checkout-page.server";
import { COUNTRY_NAMES } from "~/lib/countries";
import { shippingChoicesTo, type ShippingOption, saveShippingChoice, shippingFormDefaults } from "~/models/pricing";
import { readForm } from "~/web/forms.server";
import { cartRemindersOn } from "~/models/cart";

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: "Shipping Info", description: "Where your order is to be delivered.", noindex: true });

// The methods shown are those to the country the form holds: the saved one, the one just sent (a
// refused form shows them with its errors), or, with JavaScript, the one just chosen (?country=).
export async function loader({ request }: LoaderFunctionArgs) {
  const { user, buyer, lines } = await loadCheckout(request);
  const shipping = user ? shippingFormDefaults(user) : guestFormDefaults(buyer);
  const country = new URL(request.url).searchParams.get("country") ?? shipping.country ?? null;
  const methods = country ? await shippingChoicesTo(lines, country) : [];
  // A guest is offered a reminder of the cart only when the shop sends them.
  const offerReminder = !user && (await cartRemindersOn());
  return { shipping, countries: COUNTRY_NAMES, methods, chosen: buyer.shippingMethodId, guest: !user, offerReminder };
}

/** A refused form's answer, with the methods to the country it names. */
const withMethods = (refused: ReturnType<typeof formFailure>, methods: ShippingOption[]) =>
  data({ ...refused.data, methods }, refused.init ?? undefined);

export async function action({ request }: ActionFunctionArgs) {
  const { user, buyer, lines } = await loadCheckout(request);
  const form = await readForm(request);
  const values = Object.fromEntries(form);
  const methodId = typeof values.shippingMethod === "string" ? values.shippingMethod : null;
  const methods =
    typeof values.country === "string" && values.country ? await shippingChoicesTo(lines, values.country) : [];
  try {
    if (user) {
      const result = await shippingValidator.validate(form);
      if (result.error) return withMethods(formFailure(400, result.error.fieldErrors, values), methods);
      await saveShippingChoice(user.id, lines, result.data, methodId);
    } else {
      const result = await guestShippingValidator.validate(form);
      if (result.error) return withMethods(formFailure(400, result.error.fieldErrors, values), methods);
      await saveGuestShippingChoice(buyer.cart.cartId!, lines, result.data, methodId);
    }
  } catch (error) {
    return withMethods(publicErrorToForm(error, values), methods);
  }
  return redirect("/confirm");
}

export default function Shipping() {
  const loaded = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const fetcher = useFetcher<typeof loader>();
  const [picked, setPicked] = useState<string | null>(null);
  const methods = (picked !== null && fetcher.data?.methods) || refused?.methods || loaded.methods;
  const methodError = refused?.fieldErrors?.shippingMethod;
  const chosen = (refused?.repopulateFields?.shippingMethod as string | undefined) ?? loaded.chosen;
  return (
    <>
      <CheckoutSteps current={1} />
      <div className="row justify-content-center">
        <div className="col-12 col-md-8 col-lg-5">
          <div className="card card-body shadow-sm p-4">
            <h1 className="h3 mb-4">Shipping Info</h1>
            {loaded.guest ? (
              <p className="border rounded p-2 mb-3" data-testid="guest-checkout-note">
                Checking out as a guest. Have an account?{" "}
                <Link to="/lgn?redirectTo=%2Fshipping">Log in to check out</Link>.
              </p>
            ) : null}
            <ValidatedForm
              validator={loaded.guest ? guestShippingValidator : shippingValidator}
              method="post"
              defaultValues={loaded.shipping}
              noValidate
            >
              {loaded.guest ? (
                <TextField name="email" label="Email" type="email" autoComplete="email" required />
              ) : null}
              <TextField name="recipientName" label="Recipient Name" autoComplete="shipping name" required />
              <TextField name="address" label="Address" autoComplete="shipping street-address" required />
              <TextField name="city" label="City" autoComplete="shipping address-level2" required />
              <TextField name="state" label="State / Region (optional)" autoComplete="shipping address-level1" />
              <TextField name="phoneNo" label="Phone No" type="tel" autoComplete="tel" required />
              <TextField
                name="postalCode"
                label="Postal Code"
                autoComplete="shipping postal-code"
                autoCapitalize="characters"
                required
              />
              <SelectField
                name="country"
                label="Country"
                options={loaded.countries}
                placeholder="Choose a country"
                autoComplete="shipping country-name"
                onChange={(event) => {
                  setPicked(event.target.value);
                  if (event.target.value) fetcher.load(`/shipping?country=${encodeURIComponent(event.target.value)}`);
                }}
              />
              <ShippingMethods methods={picked === "" ? [] : methods} chosen={chosen} error={methodError} />
              {loaded.offerReminder ? (
                <CheckboxField name="remindCart" label="E-mail me a reminder if I leave my cart" />
              ) : null}
              <SubmitButton>Continue</SubmitButton>
            </ValidatedForm>
          </div>
        </div>
      </div>
    </>
  );
}

/** The methods to the country, as radios; one method needs no choice, and none shows nothing (the server says why). */
function ShippingMethods({
  methods,
  chosen,
  error,
}: {
  methods: ShippingOption[];
  chosen: string | null;
  error?: string;
}) {
  const formatMoney = useMoney();
  if (methods.length === 0) return null;
  const checked = methods.some((m) => m.id === chosen) ? chosen : methods.length === 1 ? methods[0].id : null;
  return (
    <fieldset
      className="mb-3"
      data-testid="shipping-methods"
      aria-describedby={error ? "shippingMethod-error" : undefined}
    >
      <legend className="form-label fs-6">Shipping method</legend>
      {methods.map((method) => (
        <div key={method.id} className="form-check">
          <input
            className={`form-check-input${error ? " is-invalid" : ""}`}
            type="radio"
            name="shippingMethod"
            id={`shippingMethod-${method.id}`}
            value={method.id}
            defaultChecked={method.id === checked}
          />
          <label className="form-check-label" htmlFor={`shippingMethod-${method.id}`}>
            {method.name}: {method.priceCents === 0 ? "free" : formatMoney(method.priceCents)}
          </label>
        </div>
      ))}
      {error ? (
        <div id="shippingMethod-error" className="invalid-feedback d-block">
          {error}
        </div>
      ) : null}
    </fieldset>
  );
}
