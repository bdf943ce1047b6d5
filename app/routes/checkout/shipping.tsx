import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ValidatedForm } from "remix-validated-form";
import { CheckoutSteps } from "~/components/CheckoutSteps";
import { SelectField, SubmitButton, TextField } from "~/components/form-fields";
import { formFailure } from "~/web/form-response.server";
import { publicErrorToForm } from "~/web/errors.server";
import { pageMeta } from "~/lib/meta";
import { shippingValidator } from "~/lib/shipping-validator";
import { loadCheckout } from "~/web/checkout-page.server";
import { COUNTRY_NAMES } from "~/lib/countries";
import { saveShippingInfo, shippingFormDefaults } from "~/models/shipping.server";
import { readForm } from "~/web/forms.server";

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: "Shipping Info", description: "Where your order is to be delivered.", noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await loadCheckout(request, { needShipping: false });
  return { shipping: shippingFormDefaults(user), countries: COUNTRY_NAMES };
}

export async function action({ request }: ActionFunctionArgs) {
  const { user } = await loadCheckout(request, { needShipping: false });
  const form = await readForm(request);
  const values = Object.fromEntries(form);
  const result = await shippingValidator.validate(form);
  if (result.error) return formFailure(400, result.error.fieldErrors, values);
  try {
    await saveShippingInfo(user.id, result.data);
  } catch (error) {
    return publicErrorToForm(error, values);
  }
  return redirect("/confirm");
}

export default function Shipping() {
  const { shipping, countries } = useLoaderData<typeof loader>();
  return (
    <>
      <CheckoutSteps current={1} />
      <div className="row justify-content-center">
        <div className="col-12 col-md-8 col-lg-5">
          <div className="card card-body shadow-sm p-4">
            <h1 className="h3 mb-4">Shipping Info</h1>
            <ValidatedForm validator={shippingValidator} method="post" defaultValues={shipping} noValidate>
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
                options={countries}
                placeholder="Choose a country"
                autoComplete="shipping country-name"
              />
              <SubmitButton>Continue</SubmitButton>
            </ValidatedForm>
          </div>
        </div>
      </div>
    </>
  );
}
