import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ValidatedForm } from "remix-validated-form";
import { CheckboxField, FormAlert, SubmitButton, TextAreaField, TextField } from "~/components/form-fields";
import { adminMeta, type AdminHandle } from "~/lib/meta";
import { formatOrderNumber } from "~/lib/order-number";
import { quantityField, refundRequestOf, refundValidator } from "~/lib/refund-schema";
import { moneyFormatOf, moneyFormatter } from "~/lib/money";
import { lineName } from "~/lib/variants";
import { newRequestKey, refundOrder, refundPlan } from "~/models/after-sales";
import { getShopSettings } from "~/models/settings";
import { requireAdmin } from "~/web/auth.server";
import { notFound } from "~/web/errors.server";
import { redirectWithSuccess } from "~/web/toast.server";
import { saveValidatedForm } from "~/web/validated-form.server";

// /admin/order/:id/refund: some items (back in stock or not) or an amount, with a reason.

export const handle: AdminHandle = { title: "Refund Order" };
export const meta = adminMeta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const plan = await refundPlan(params.id ?? "");
  if (!plan) throw notFound("Order not found");
  const { order, lines, refundableCents } = plan;
  return {
    order: {
      id: order.id,
      orderNumber: order.orderNumber,
      totalPriceCents: order.totalPriceCents,
      money: moneyFormatOf(order),
    },
    lines: lines.map(({ id, name, variantTitle, priceCents, quantity, refundable }) => ({
      id,
      name: lineName(name, variantTitle),
      priceCents,
      quantity,
      refundable,
    })),
    refundableCents,
    // This form's key: sent twice (a double click without JavaScript), it makes one refund.
    key: newRequestKey(),
    // How the amount field reads money: the shop's locale, as the action reads it.
    locale: (await getShopSettings()).locale,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const orderId = params.id ?? "";
  let replayed = false;
  const saved = await saveValidatedForm(request, refundValidator((await getShopSettings()).locale), async (input) => {
    const outcome = await refundOrder({
      orderId,
      ...refundRequestOf(input),
      actor: { id: admin.id, name: admin.name },
    });
    replayed = outcome.replayed;
  });
  if (saved.response) return saved.response;
  return redirectWithSuccess(
    `/admin/order/${encodeURIComponent(orderId)}`,
    replayed ? "This refund was made already" : "Refund made",
  );
}

export default function RefundOrder() {
  const { order, lines, refundableCents, key, locale } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const formatMoney = moneyFormatter(order.money);
  const errors: Partial<Record<string, string>> = refused?.fieldErrors ?? {};
  const number = formatOrderNumber(order.orderNumber);
  if (refundableCents === 0)
    return (
      <div className="col-xl-8">
        <h1 className="h3 mt-4">Refund order {number}</h1>
        <p>Nothing is left to refund on this order: it is not paid, or it was refunded in full.</p>
        <a href={`/admin/order/${order.id}`}>Back to the order</a>
      </div>
    );
  return (
    <div className="col-xl-8">
      <h1 className="h3 mt-4">Refund order {number}</h1>
      <p>
        Up to <b data-testid="refundable">{formatMoney(refundableCents)}</b> of {formatMoney(order.totalPriceCents)} can
        still be refunded. Choose items (their share of what the buyer paid is refunded: discount and tax included,
        shipping not), or enter an amount.
      </p>
      <ValidatedForm validator={refundValidator(locale)} method="post" defaultValues={{ restock: true }} noValidate>
        {/* The key's message: this form sent again (Back, then changed) after its refund was made. */}
        <FormAlert message={refused?.formError ?? errors.lines ?? errors.key} />
        <input type="hidden" name="key" value={key} />
        <div className="table-responsive">
          <table className="table table-sm align-middle">
            <caption className="visually-hidden">Items of the order</caption>
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col" className="text-end">
                  Price
                </th>
                <th scope="col" className="text-end">
                  Bought
                </th>
                <th scope="col">Refund how many</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => {
                const field = quantityField(line.id);
                return (
                  <tr key={line.id}>
                    <td>{line.name}</td>
                    <td className="text-end">{formatMoney(line.priceCents)}</td>
                    <td className="text-end">{line.quantity}</td>
                    <td>
                      {line.refundable > 0 ? (
                        <TextField
                          name={field}
                          label={`Refund how many of ${line.name} (up to ${line.refundable})`}
                          type="number"
                          min={0}
                          max={line.refundable}
                          inputMode="numeric"
                          placeholder="0"
                        />
                      ) : (
                        "Refunded"
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <TextField
          name="amount"
          label="Amount (optional)"
          inputMode="decimal"
          placeholder="The items' share"
          aria-describedby="amount-help"
        />
        <div id="amount-help" className="form-text mb-3 mt-n2">
          Leave empty to refund the chosen items&apos; share; an amount is refunded as typed.
        </div>
        <CheckboxField name="restock" label="Put the refunded items back in stock" />
        <TextAreaField name="reason" label="Reason (the buyer reads it)" rows={2} maxLength={500} required />
        <SubmitButton className="btn btn-danger w-100">Refund</SubmitButton>
      </ValidatedForm>
      <p className="mt-3">
        <a href={`/admin/order/${order.id}`}>Back to the order</a>
      </p>
    </div>
  );
}
