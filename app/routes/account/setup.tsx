import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ValidatedForm, useField } from "remix-validated-form";
import { FormAlert, SelectField, SubmitButton, TextField } from "~/components/form-fields";
import { config } from "~/config.server";
import { COUNTRY_NAMES } from "~/lib/countries";
import { pageMeta } from "~/lib/meta";
import { setupValidator } from "~/lib/setup";
import { CURRENCIES, LOCALES } from "~/lib/shop-settings";
import { completeSetup, isSetUp, isSetupToken } from "~/models/accounts";
import { signInAndRedirect } from "~/web/auth.server";
import { publicErrorToForm } from "~/web/errors.server";
import { formFailure, withoutPasswords } from "~/web/form-response.server";
import { readForm } from "~/web/forms.server";

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "Set up the shop",
    description: "The shop's one-time setup: its owner's account, name, money, shipping and tax.",
    noindex: true,
  });

const WRONG_TOKEN =
  "This setup link is not the shop's: copy the whole link (…/setup?token=…) from the shop's start log.";
const NO_TOKEN = "Open the link printed in the shop's start log (…/setup?token=…): only its owner can set the shop up.";

/** Gone once the shop has an admin: the page, and every token with it. */
async function requireNotSetUp() {
  if (await isSetUp()) throw data(null, { status: 404 });
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireNotSetUp();
  const token = new URL(request.url).searchParams.get("token");
  if (!isSetupToken(token))
    return data({ token: null, refused: token ? WRONG_TOKEN : NO_TOKEN, shopName: config.shopName }, { status: 403 });
  return { token, refused: null, shopName: config.shopName };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireNotSetUp();
  const form = await readForm(request);
  const values = withoutPasswords(Object.fromEntries(form));
  if (!isSetupToken(String(form.get("token") ?? ""))) return formFailure(403, {}, values, WRONG_TOKEN);
  const result = await setupValidator.validate(form);
  if (result.error) return formFailure(400, result.error.fieldErrors, values);
  let owner;
  try {
    owner = await completeSetup(result.data);
  } catch (error) {
    return publicErrorToForm(error, values);
  }
  return signInAndRedirect(
    request,
    context.clientIp,
    owner,
    "/dashboard",
    "Your shop is set up: here is what is left to do.",
  );
}

export default function Setup() {
  const { token, refused, shopName } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="row justify-content-center">
      <div className="col-12 col-lg-8">
        <h1 className="h3 mb-3">Set up the shop</h1>
        {token === null ? (
          <div className="alert alert-warning" role="alert" data-testid="setup-refused">
            {refused}
          </div>
        ) : (
          <>
            <p>
              Once: this page makes the owner&apos;s admin account and the shop&apos;s first settings, then it is gone.
              Everything can be changed later in the admin pages.
            </p>
            <FormAlert message={actionData?.formError} />
            <ValidatedForm
              validator={setupValidator}
              method="post"
              noValidate
              defaultValues={{ shopName, currency: "USD", locale: "en-US", rules: "spec", token }}
            >
              <input type="hidden" name="token" value={token} />
              <fieldset className="mb-4">
                <legend className="h5">The owner</legend>
                <TextField name="name" label="Your name" autoComplete="name" required />
                <TextField name="email" label="Your e-mail" type="email" autoComplete="email" required />
                <TextField
                  name="password"
                  label="Password (8 characters or more)"
                  type="password"
                  autoComplete="new-password"
                  required
                  minLength={8}
                />
              </fieldset>
              <fieldset className="mb-4">
                <legend className="h5">The shop</legend>
                <TextField name="shopName" label="Shop name" required />
                <SelectField name="currency" label="Currency" options={[...CURRENCIES]} />
                <SelectField
                  name="locale"
                  label="Language of prices and dates"
                  options={Object.entries(LOCALES).map(([value, label]) => ({ value, label }))}
                />
                <SelectField
                  name="homeCountry"
                  label="Country the shop is in"
                  options={COUNTRY_NAMES}
                  placeholder="Choose a country"
                  autoComplete="country-name"
                />
                <p className="form-text mt-n2">
                  In the European Union, prices include VAT and shipping is taxed too (both can be changed in Settings).
                </p>
              </fieldset>
              <RulesChoice />
              <SubmitButton className="btn btn-warning">Set up the shop</SubmitButton>
            </ValidatedForm>
          </>
        )}
      </div>
    </div>
  );
}

/** The specification's shipping and tax, or one flat rate and one tax rate for the home country. */
function RulesChoice() {
  const { error, getInputProps } = useField("rules");
  const described = error ? { "aria-describedby": "rules-error" } : {};
  return (
    <fieldset className="mb-4">
      <legend className="h5">Shipping and tax to start with</legend>
      <div className="form-check">
        <input
          {...getInputProps({ type: "radio", value: "spec", id: "rules-spec", ...described })}
          className="form-check-input"
        />
        <label className="form-check-label" htmlFor="rules-spec">
          The specification&apos;s, to every country: shipping 25.00, free over 200.00, and 5% tax
        </label>
      </div>
      <div className="form-check mb-2">
        <input
          {...getInputProps({ type: "radio", value: "own", id: "rules-own", ...described })}
          className="form-check-input"
        />
        <label className="form-check-label" htmlFor="rules-own">
          To the home country only, at these rates (used only with this choice):
        </label>
      </div>
      {error ? (
        <div id="rules-error" className="text-danger small mb-2">
          {error}
        </div>
      ) : null}
      <div className="ps-4">
        <TextField name="shippingPrice" label="Shipping price, such as 4.99" inputMode="decimal" />
        <TextField name="freeOver" label="Free shipping over (optional)" inputMode="decimal" />
        <TextField name="taxRate" label="Tax rate in %, such as 19 (0 for none)" inputMode="decimal" />
      </div>
    </fieldset>
  );
}
