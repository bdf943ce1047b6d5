import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { ValidatedForm } from "remix-validated-form";
import {
  AppliesWhen,
  CheckboxField,
  FormAlert,
  MultiSelectField,
  SelectField,
  SubmitButton,
  TextField,
} from "~/components/form-fields";
import { discountValidator } from "~/lib/discount-schema";
import { currencySymbol, formatMoneyInput } from "~/lib/money-input";
import { useMoneyFormat } from "~/lib/use-money-format";
import { getShopSettings } from "~/models/settings";
import { adminMeta, type AdminHandle } from "~/lib/meta";
import { createDiscount, discountTargets, getDiscount, updateDiscount } from "~/models/pricing";
import { requireAdmin } from "~/web/auth.server";
import { notFound } from "~/web/errors.server";
import { redirectWithSuccess } from "~/web/toast.server";
import { saveValidatedForm } from "~/web/validated-form.server";

// /admin/discount/new and /admin/discount/:id: a discount code (or, without a code, an automatic
// promotion), what it takes off, and when and to what it applies.

export const handle: AdminHandle = {
  title: (data) => ((data as { discount?: unknown } | undefined)?.discount ? "Update Discount" : "New Discount"),
};
export const meta = adminMeta;

const KIND_OPTIONS = [
  { value: "percent", label: "Percent off the items" },
  { value: "amount", label: "Amount off the items" },
  { value: "free_shipping", label: "Free shipping" },
];

/** A stored instant as <input type="datetime-local"> shows it, in UTC. */
const localInput = (date: Date | null) => (date ? date.toISOString().slice(0, 16) : "");

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const targets = await discountTargets();
  const choices = {
    products: targets.products.map((p) => ({ value: p.id, label: p.name })),
    categories: targets.categories.map((c) => ({ value: c.id, label: c.name })),
  };
  if (params.id === "new")
    return { discount: null, choices, defaults: { kind: "percent", productIds: [], categoryIds: [] } };
  const discount = await getDiscount(params.id ?? "");
  if (!discount) throw notFound("Discount not found");
  const { locale } = await getShopSettings();
  const defaults = {
    name: discount.name,
    code: discount.code ?? "",
    kind: discount.kind,
    percent: discount.kind === "percent" ? String(discount.value / 100) : "",
    amount: discount.kind === "amount" ? formatMoneyInput(discount.value, locale) : "",
    minSubtotal: discount.minSubtotalCents === null ? "" : formatMoneyInput(discount.minSubtotalCents, locale),
    startsAt: localInput(discount.startsAt),
    endsAt: localInput(discount.endsAt),
    usageLimit: discount.usageLimit === null ? "" : String(discount.usageLimit),
    perCustomerLimit: discount.perCustomerLimit === null ? "" : String(discount.perCustomerLimit),
    productIds: discount.productIds,
    categoryIds: discount.categoryIds,
    paused: discount.paused,
  };
  return { discount: { id: discount.id, timesUsed: discount.timesUsed }, choices, defaults };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  const id = params.id ?? "";
  const saved = await saveValidatedForm(request, discountValidator((await getShopSettings()).locale), (input) =>
    id === "new" ? createDiscount(input) : updateDiscount(id, input),
  );
  if (saved.response) return saved.response;
  return redirectWithSuccess("/admin/discounts", id === "new" ? "Discount created" : "Discount updated");
}

export default function DiscountForm() {
  const { discount, choices, defaults } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const money = useMoneyFormat();
  const [kind, setKind] = useState(defaults.kind);
  return (
    <div className="col-xl-8">
      <ValidatedForm
        validator={discountValidator(money.locale)}
        method="post"
        defaultValues={defaults as Record<string, unknown>}
        noValidate
      >
        <FormAlert message={actionData?.formError} />
        <TextField name="name" label="Name" placeholder="Autumn sale" required />
        <TextField name="code" label="Code (empty for an automatic promotion)" placeholder="AUTUMN10" />
        <SelectField
          name="kind"
          label="Gives"
          options={KIND_OPTIONS}
          required
          onChange={(event) => setKind(event.target.value)}
        />
        <AppliesWhen when={kind === "percent"}>
          <TextField name="percent" label="Percent off (only for percent off)" inputMode="decimal" placeholder="10" />
        </AppliesWhen>
        <AppliesWhen when={kind === "amount"}>
          <TextField
            name="amount"
            label={`Amount off in ${currencySymbol(money)} (only for an amount off)`}
            inputMode="decimal"
            placeholder="15"
          />
        </AppliesWhen>
        <TextField
          name="minSubtotal"
          label={`Minimum subtotal in ${currencySymbol(money)} (optional)`}
          inputMode="decimal"
          placeholder="50"
        />
        <div className="row">
          <div className="col-sm-6">
            <TextField name="startsAt" label="Starts (UTC, optional)" type="datetime-local" />
          </div>
          <div className="col-sm-6">
            <TextField name="endsAt" label="Ends (UTC, optional)" type="datetime-local" />
          </div>
        </div>
        <div className="row">
          <div className="col-sm-6">
            <TextField name="usageLimit" label="Uses in all (optional)" inputMode="numeric" />
          </div>
          <div className="col-sm-6">
            <TextField name="perCustomerLimit" label="Uses per customer (optional)" inputMode="numeric" />
          </div>
        </div>
        <MultiSelectField
          name="categoryIds"
          label="Only these categories (optional)"
          options={choices.categories}
          empty={
            <>
              No categories yet: <Link to="/admin/category">add one in Categories</Link>.
            </>
          }
          help="Hold Ctrl (⌘ on a Mac) to choose several; none chosen, and no products either: every item."
        />
        <MultiSelectField
          name="productIds"
          label="Only these products (optional)"
          options={choices.products}
          empty={
            <>
              No products yet: <Link to="/admin/product">add one</Link>.
            </>
          }
          help="Hold Ctrl (⌘ on a Mac) to choose several."
        />
        <CheckboxField name="paused" label="Paused (no new order gets it)" />
        {discount ? (
          <p className="text-muted small" data-testid="discount-used">
            Used by {discount.timesUsed} orders so far (unpaid ones included while they hold their items).
          </p>
        ) : null}
        <SubmitButton>{discount ? "Update" : "Create"}</SubmitButton>
      </ValidatedForm>
    </div>
  );
}
