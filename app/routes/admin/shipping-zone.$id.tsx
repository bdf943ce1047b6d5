import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ValidatedForm } from "remix-validated-form";
import { FormAlert, MultiSelectField, SubmitButton, TextField } from "~/components/form-fields";
import { COUNTRY_NAMES } from "~/lib/countries";
import { adminMeta, type AdminHandle } from "~/lib/meta";
import { EVERYWHERE, zoneValidator } from "~/lib/shipping-rules";
import { createZone, getZone, updateZone } from "~/models/pricing";
import { requireAdmin } from "~/web/auth.server";
import { notFound } from "~/web/errors.server";
import { redirectWithSuccess } from "~/web/toast.server";
import { saveValidatedForm } from "~/web/validated-form.server";

// /admin/shipping-zone/new and /admin/shipping-zone/:id: a zone's name and countries.

export const handle: AdminHandle = {
  title: (data) => ((data as { zone?: unknown } | undefined)?.zone ? "Update Shipping Zone" : "New Shipping Zone"),
};
export const meta = adminMeta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  if (params.id === "new") return { zone: null };
  const zone = await getZone(params.id ?? "");
  if (!zone) throw notFound("Shipping zone not found");
  return { zone: { name: zone.name, countries: zone.countries } };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  const id = params.id ?? "";
  const saved = await saveValidatedForm(request, zoneValidator, (input) =>
    id === "new" ? createZone(input) : updateZone(id, input),
  );
  if (saved.response) return saved.response;
  return redirectWithSuccess("/admin/shipping", id === "new" ? "Shipping zone created" : "Shipping zone updated");
}

const COUNTRY_OPTIONS = [{ value: EVERYWHERE, label: "Every other country" }].concat(
  COUNTRY_NAMES.map((name) => ({ value: name, label: name })),
);

export default function ShippingZone() {
  const { zone } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="col-xl-8">
      <ValidatedForm validator={zoneValidator} method="post" defaultValues={zone ?? { countries: [] }} noValidate>
        <FormAlert message={actionData?.formError} />
        <TextField name="name" label="Name" required />
        <MultiSelectField
          name="countries"
          label="Countries"
          size={12}
          options={COUNTRY_OPTIONS}
          required
          help={
            <>
              Hold Ctrl (⌘ on a Mac) to choose several. &ldquo;Every other country&rdquo; ships to every country no
              other zone names.
            </>
          }
        />
        <SubmitButton>{zone ? "Update" : "Create"}</SubmitButton>
      </ValidatedForm>
    </div>
  );
}
