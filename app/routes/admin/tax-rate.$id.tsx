import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ValidatedForm } from "remix-validated-form";
import { FormAlert, SelectField, SubmitButton, TextField } from "~/components/form-fields";
import { COUNTRY_NAMES } from "~/lib/countries";
import { adminMeta, type AdminHandle } from "~/lib/meta";
import { EVERYWHERE, taxRateValidator } from "~/lib/shipping-rules";
import { createTaxRate, getTaxRate, updateTaxRate } from "~/models/pricing";
import { requireAdmin } from "~/web/auth.server";
import { notFound } from "~/web/errors.server";
import { redirectWithSuccess } from "~/web/toast.server";
import { saveValidatedForm } from "~/web/validated-form.server";

// /admin/tax-rate/new and /admin/tax-rate/:id: the tax of a country, or of one of its regions.

export const handle: AdminHandle = {
  title: (data) => ((data as { rate?: unknown } | undefined)?.rate ? "Update Tax Rate" : "New Tax Rate"),
};
export const meta = adminMeta;

const COUNTRY_OPTIONS = [{ value: EVERYWHERE, label: "Every other country" }].concat(
  COUNTRY_NAMES.map((name) => ({ value: name, label: name })),
);

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  if (params.id === "new") return { rate: null, defaults: { name: "VAT" } };
  const rate = await getTaxRate(params.id ?? "");
  if (!rate) throw notFound("Tax rate not found");
  const defaults = {
    country: rate.country,
    region: rate.region === EVERYWHERE ? "" : rate.region,
    name: rate.name,
    rate: String(rate.rateBp / 100),
  };
  return { rate: { id: rate.id }, defaults };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  const id = params.id ?? "";
  const saved = await saveValidatedForm(request, taxRateValidator, (input) =>
    id === "new" ? createTaxRate(input) : updateTaxRate(id, input),
  );
  if (saved.response) return saved.response;
  return redirectWithSuccess("/admin/shipping", id === "new" ? "Tax rate created" : "Tax rate updated");
}

export default function TaxRate() {
  const { rate, defaults } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="col-xl-8">
      <ValidatedForm
        validator={taxRateValidator}
        method="post"
        defaultValues={defaults as Record<string, unknown>}
        noValidate
      >
        <FormAlert message={actionData?.formError} />
        <SelectField name="country" label="Country" options={COUNTRY_OPTIONS} placeholder="Choose a country" required />
        <TextField name="region" label="State or region (optional)" aria-describedby="region-help" />
        <div id="region-help" className="form-text mb-3 mt-n2">
          As shoppers write it in their address, such as California or CA; empty for the whole country.
        </div>
        <TextField name="name" label="Name on receipts" placeholder="VAT" required />
        <TextField name="rate" label="Rate (%)" inputMode="decimal" placeholder="19" required />
        <SubmitButton>{rate ? "Update" : "Create"}</SubmitButton>
      </ValidatedForm>
    </div>
  );
}
