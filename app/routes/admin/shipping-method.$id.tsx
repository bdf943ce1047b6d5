import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useField, ValidatedForm } from "remix-validated-form";
import { useState } from "react";
import { AppliesWhen, errorProps, FormAlert, SelectField, SubmitButton, TextField } from "~/components/form-fields";
import { adminMeta, type AdminHandle } from "~/lib/meta";
import { RATE_KINDS, type RateKind } from "~/lib/pricing";
import { MAX_BANDS, methodValidator } from "~/lib/shipping-rules";
import { currencySymbol, formatMoneyInput } from "~/lib/money-input";
import { useMoneyFormat } from "~/lib/use-money-format";
import type { Locale } from "~/lib/shop-settings";
import { pricingRules, createMethod, getMethod, updateMethod } from "~/models/pricing";
import { getShopSettings } from "~/models/settings";
import { countProductsWithoutWeight } from "~/models/catalogue";
import { UnweighedWarning } from "~/components/UnweighedWarning";
import { requireAdmin } from "~/web/auth.server";
import { notFound } from "~/web/errors.server";
import { redirectWithSuccess } from "~/web/toast.server";
import { saveValidatedForm } from "~/web/validated-form.server";

// /admin/shipping-method/new(?zone=id) and /admin/shipping-method/:id: how a zone's method is priced.

export const handle: AdminHandle = {
  title: (data) =>
    (data as { method?: unknown } | undefined)?.method ? "Update Shipping Method" : "New Shipping Method",
};
export const meta = adminMeta;

const KIND_LABELS: Record<RateKind, string> = {
  flat: "Flat: one price",
  weight: "By weight: a price for each band of the cart's weight",
  value: "By order value: a price for each band of what the items cost",
};

/** Cents as the form shows them in the shop's locale: 25.00, 25,00. */
const amountIn = (locale: Locale) => (cents: number | null) => (cents === null ? "" : formatMoneyInput(cents, locale));

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const zones = (await pricingRules()).zones.map(({ id, name }) => ({ value: id, label: name }));
  const unweighed = await countProductsWithoutWeight();
  if (params.id === "new") {
    const zoneId = new URL(request.url).searchParams.get("zone") ?? zones[0]?.value ?? "";
    return { zones, method: null, defaults: { zoneId, kind: "flat" as RateKind, bands: [] }, unweighed };
  }
  const method = await getMethod(params.id ?? "");
  if (!method) throw notFound("Shipping method not found");
  const amount = amountIn((await getShopSettings()).locale);
  const defaults = {
    zoneId: method.zoneId,
    name: method.name,
    kind: method.kind,
    price: method.kind === "flat" ? amount(method.priceCents) : "",
    freeOver: amount(method.freeOverCents),
    bands: method.bands.map((band) => ({
      upTo: band.upTo === null ? "" : method.kind === "weight" ? String(band.upTo) : amount(band.upTo),
      price: amount(band.priceCents),
    })),
  };
  return { zones, method: { id: method.id }, defaults, unweighed };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  const id = params.id ?? "";
  const saved = await saveValidatedForm(request, methodValidator((await getShopSettings()).locale), (input) =>
    id === "new" ? createMethod(input) : updateMethod(id, input),
  );
  if (saved.response) return saved.response;
  return redirectWithSuccess("/admin/shipping", id === "new" ? "Shipping method created" : "Shipping method updated");
}

export default function ShippingMethod() {
  const { zones, method, defaults, unweighed } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const money = useMoneyFormat();
  const sign = currencySymbol(money);
  const [kind, setKind] = useState<RateKind>(defaults.kind);
  return (
    <div className="col-xl-8">
      <ValidatedForm
        validator={methodValidator(money.locale)}
        method="post"
        defaultValues={defaults as Record<string, unknown>}
        noValidate
      >
        <FormAlert message={actionData?.formError} />
        <SelectField
          name="zoneId"
          label="Zone"
          options={zones}
          required
          empty={
            <>
              No shipping zones yet: <Link to="/admin/shipping-zone/new">add a zone</Link> (the countries it ships to)
              first.
            </>
          }
        />
        <TextField name="name" label="Name" placeholder="Standard" required />
        <KindField onChange={setKind} />
        <AppliesWhen when={kind === "flat"}>
          <TextField name="price" label={`Price in ${sign} (only for a flat rate)`} inputMode="decimal" />
        </AppliesWhen>
        <TextField
          name="freeOver"
          label={`Free when the items cost more than, in ${sign} (optional)`}
          inputMode="decimal"
          placeholder="200"
        />
        <AppliesWhen when={kind !== "flat"}>
          <Bands sign={sign} />
        </AppliesWhen>
        <AppliesWhen when={kind === "weight"}>
          <UnweighedWarning count={unweighed} />
        </AppliesWhen>
        <SubmitButton>{method ? "Update" : "Create"}</SubmitButton>
      </ValidatedForm>
    </div>
  );
}

function KindField({ onChange }: { onChange: (kind: RateKind) => void }) {
  const { error, getInputProps } = useField("kind");
  return (
    <fieldset className="mb-3" {...errorProps("kind", error)}>
      <legend className="form-label fs-6">How the price is found</legend>
      {RATE_KINDS.map((kind) => (
        <div key={kind} className="form-check">
          <input
            {...getInputProps({ type: "radio", value: kind, id: `kind-${kind}`, onChange: () => onChange(kind) })}
            className={`form-check-input${error ? " is-invalid" : ""}`}
          />
          <label className="form-check-label" htmlFor={`kind-${kind}`}>
            {KIND_LABELS[kind]}
          </label>
        </div>
      ))}
      {error ? (
        <div id="kind-error" className="invalid-feedback d-block">
          {error}
        </div>
      ) : null}
    </fieldset>
  );
}

/** The bands of a weight or value rate: as many rows as a rate can hold, the empty ones ignored. */
function Bands({ sign }: { sign: string }) {
  return (
    <fieldset className="mb-3" aria-describedby="bands-help">
      <legend className="form-label fs-6">Bands (only by weight or by order value)</legend>
      <p id="bands-help" className="form-text mt-0">
        Each row: up to what weight in grams (by weight) or amount in {sign} (by order value), and the price in {sign}.
        Leave the last row&apos;s limit empty for &ldquo;and above&rdquo;; a cart beyond the last limit cannot use this
        method.
      </p>
      {Array.from({ length: MAX_BANDS }, (_, i) => (
        <div key={i} className="row g-2">
          <div className="col-6">
            <TextField name={`bands[${i}].upTo`} label={`Band ${i + 1}: up to`} inputMode="decimal" />
          </div>
          <div className="col-6">
            <TextField name={`bands[${i}].price`} label={`Band ${i + 1}: price`} inputMode="decimal" />
          </div>
        </div>
      ))}
    </fieldset>
  );
}
