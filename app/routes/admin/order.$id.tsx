import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { OrderDetails } from "~/components/OrderDetails";
import { OrderReturns } from "~/components/OrderReturns";
import { returnActionInput } from "~/lib/return-schema";
import type { ReturnAction } from "~/lib/returns";
import {
  advanceReturn,
  returnsOf,
  statusHistory,
  updateOrderStatus,
  type OrderChange,
  refundsOf,
} from "~/models/after-sales";
import { errorProps, Field } from "~/components/form-fields";
import { notFound, orErrorPage, orRedirectWithError, publicErrorToForm } from "~/web/errors.server";
import { adminMeta, type AdminHandle } from "~/lib/meta";
import { redirectWithError, redirectWithSuccess } from "~/web/toast.server";
import { orderStatusInput } from "~/lib/api-inputs";
import { FULFILMENT, ORDER_STATUSES, PAYMENT } from "~/lib/order-states";
import { refundableCents } from "~/lib/refunds";
import { PublicError } from "~/lib/public-error";
import { CARRIERS, CARRIER_IDS, trackingInputOf } from "~/lib/shipment-tracking";
import { formFailure } from "~/web/form-response.server";
import { requireAdmin } from "~/web/auth.server";
import { getOrder } from "~/models/orders";
import { readForm } from "~/web/forms.server";
import { moneyFormatOf } from "~/lib/money";
import { formatInvoiceNumber } from "~/lib/order-number";
import { MoneyIn } from "~/lib/use-money";

export const handle: AdminHandle = { title: "Process Order" };
export const meta = adminMeta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const order = await getOrder(params.id ?? "");
  if (!order) throw notFound("Order not found");
  const [history, refunds, returns] = await Promise.all([
    statusHistory(order.id),
    refundsOf(order.id),
    returnsOf(order.id),
  ]);
  return { order: { ...order, history, refunds, returns } };
}

const DONE: Record<OrderChange, (status: string) => string> = {
  forward: () => "Order updated successfully",
  back: (status) => `Order moved back to ${status}; no mail was sent`,
  details: () => "Shipping details saved",
  none: (status) => `Nothing changed: the order is already ${status}`,
};

const text = (value: FormDataEntryValue | null) => (typeof value === "string" ? value : undefined);

const RETURN_DONE: Record<ReturnAction, string> = {
  approve: "Return approved; the buyer was mailed",
  reject: "Return rejected; the buyer was mailed",
  receive: "Return marked received; the buyer was mailed",
  refund: "Returned items refunded and back in stock",
};

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const form = await readForm(request);
  // A return's step (the returns section's buttons).
  if (form.has("returnAction")) {
    const here = `/admin/order/${encodeURIComponent(params.id ?? "")}`;
    const step = returnActionInput.safeParse({ action: form.get("returnAction") });
    if (!step.success) return redirectWithError(here, step.error.issues[0].message);
    const { action: returnAction } = step.data;
    return orRedirectWithError(here, async () => {
      await advanceReturn(String(form.get("returnId") ?? ""), returnAction, { id: admin.id, name: admin.name });
      return redirectWithSuccess(here, RETURN_DONE[returnAction]);
    });
  }
  const status = form.get("status");
  const typed = {
    status: text(status),
    carrier: text(form.get("carrier")),
    trackingNumber: text(form.get("trackingNumber")),
  };
  // The confirmation box carries the status it confirms: ticked for another choice, it confirms nothing.
  const parsed = orderStatusInput.safeParse({
    ...typed,
    confirmBackward: status !== null && form.get("confirmBackward") === status,
  });
  // The id as sent: encoded, so that no character of it can break the Location header.
  const here = `/admin/order/${encodeURIComponent(params.id ?? "")}`;
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    if (issue.path[0] === "status") return redirectWithError(here, issue.message);
    return formFailure(400, { [String(issue.path[0])]: issue.message }, typed);
  }
  const { confirmBackward, ...tracking } = parsed.data;
  const change = await orErrorPage(() =>
    updateOrderStatus(params.id ?? "", parsed.data.status, {
      confirmBackward,
      tracking: trackingInputOf(tracking),
    }).catch((error: unknown) => {
      // A step back not confirmed yet, or a tracking number that cannot go with the status: beside
      // its field, what was typed kept (and, for a step back, the confirmation box shown).
      if (error instanceof PublicError && error.field) return error;
      throw error;
    }),
  );
  if (change instanceof PublicError) return publicErrorToForm(change, typed);
  return redirectWithSuccess(here, DONE[change](parsed.data.status));
}

export default function ProcessOrder() {
  const { order } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const errors: Partial<Record<string, string>> = refused?.fieldErrors ?? {};
  const typed: Partial<Record<string, unknown>> = refused?.repopulateFields ?? {};
  const error = errors.status;
  const backTo = error ? String(typed.status) : null;
  // What the admin typed, after a refusal; else what the order has.
  const shown = (field: "carrier" | "trackingNumber", stored: string | null) =>
    typeof typed[field] === "string" ? typed[field] : (stored ?? "");
  return (
    <MoneyIn format={moneyFormatOf(order)}>
      <div className="row">
        <div className="col-lg-8">
          <OrderDetails order={order} forOwner>
            {order.returns.length ? <OrderReturns returns={order.returns} lines={order.lines} admin /> : null}
          </OrderDetails>
        </div>
        <div className="col-lg-4">
          <OrderCustomer order={order} />
          <OrderDocuments order={order} />
          <OrderActions order={order} />
          {order.cancelledAt ? null : (
            <Form
              method="post"
              className="card card-body mt-4"
              key={JSON.stringify([order.orderStatus, order.shippingCarrier, order.trackingNumber, refused])}
            >
              <label htmlFor="status" className="h5">
                Status
              </label>
              <select
                id="status"
                name="status"
                className={`form-select${error ? " is-invalid" : ""}`}
                defaultValue={backTo ?? (typeof typed.status === "string" ? typed.status : order.orderStatus)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? "status-error" : undefined}
              >
                {ORDER_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>
              {error ? (
                <div id="status-error" className="invalid-feedback">
                  {error}
                </div>
              ) : null}
              {backTo ? (
                <div className="form-check mt-3">
                  <input
                    id="confirm-backward"
                    type="checkbox"
                    name="confirmBackward"
                    value={backTo}
                    className="form-check-input"
                  />
                  <label htmlFor="confirm-backward" className="form-check-label">
                    Yes, move this order back to {backTo}
                  </label>
                </div>
              ) : null}
              <fieldset className="mt-3">
                <legend className="h6">Shipment</legend>
                <Field id="carrier" label="Carrier" error={errors.carrier}>
                  <select
                    id="carrier"
                    name="carrier"
                    className={`form-select${errors.carrier ? " is-invalid" : ""}`}
                    defaultValue={shown("carrier", order.shippingCarrier)}
                    {...errorProps("carrier", errors.carrier)}
                  >
                    <option value="">None yet</option>
                    {CARRIER_IDS.map((id) => (
                      <option key={id} value={id}>
                        {CARRIERS[id].name}
                      </option>
                    ))}
                  </select>
                </Field>
                <Field id="trackingNumber" label="Tracking number" error={errors.trackingNumber}>
                  <input
                    id="trackingNumber"
                    name="trackingNumber"
                    className={`form-control${errors.trackingNumber ? " is-invalid" : ""}`}
                    defaultValue={shown("trackingNumber", order.trackingNumber)}
                    maxLength={40}
                    autoComplete="off"
                    aria-invalid={errors.trackingNumber ? true : undefined}
                    aria-describedby={`tracking-help${errors.trackingNumber ? " trackingNumber-error" : ""}`}
                  />
                  <div id="tracking-help" className="form-text">
                    With Shipped, the buyer&apos;s mail and order page show it.
                  </div>
                </Field>
              </fieldset>
              <button type="submit" className="btn btn-primary w-100 mt-3">
                Update status
              </button>
            </Form>
          )}
          {/* The confirmation page says why, when the order cannot be deleted (paid, not refunded). */}
          <a className="btn btn-outline-danger w-100 mt-4" href={`/admin/order/${order.id}/delete`}>
            Delete order…
          </a>
        </div>
      </div>
    </MoneyIn>
  );
}

/** Who bought it and how to write to them: the account's e-mail as it is now, or the guest's. */
function OrderCustomer({
  order,
}: {
  order: { userId: string | null; userName: string; guestEmail: string | null; buyer: { email: string } | null };
}) {
  const email = order.buyer?.email ?? order.guestEmail;
  return (
    <div className="card card-body mt-4" data-testid="order-customer">
      <h2 className="h5">Customer</h2>
      <p className="mb-1">
        {order.userId ? <a href={`/admin/user/${order.userId}`}>{order.userName}</a> : order.userName}{" "}
        <span className="text-muted small">
          ({order.userId ? "account" : order.guestEmail ? "guest" : "account deleted"})
        </span>
      </p>
      {email ? (
        <p className="mb-0 text-break">
          <a href={`mailto:${email}`} data-testid="customer-email">
            {email}
          </a>
        </p>
      ) : null}
    </div>
  );
}

/** What the owner prints for an order: its invoice once paid, and the packing slip. */
function OrderDocuments({ order }: { order: { id: string; invoiceNumber: number | null } }) {
  return (
    <div className="card card-body mt-4 d-grid gap-2">
      <h2 className="h5">Documents</h2>
      {order.invoiceNumber !== null ? (
        <a className="btn btn-outline-secondary" href={`/order/${order.id}/invoice`}>
          Invoice {formatInvoiceNumber(order.invoiceNumber)}
        </a>
      ) : null}
      <a className="btn btn-outline-secondary" href={`/admin/order/${order.id}/packing-slip`}>
        Packing slip
      </a>
    </div>
  );
}

/** Refund and cancel: each on its own page, so that nothing is refunded by a stray click. */
function OrderActions({
  order,
}: {
  order: { id: string; paymentStatus: string; orderStatus: string; cancelledAt: Date | string | null } & Parameters<
    typeof refundableCents
  >[0];
}) {
  const refundable = refundableCents(order) > 0;
  const cancellable =
    !order.cancelledAt &&
    order.orderStatus === FULFILMENT.processing &&
    (order.paymentStatus === PAYMENT.succeeded || order.paymentStatus === PAYMENT.requiresPayment);
  if (!refundable && !cancellable) return null;
  return (
    <div className="card card-body mt-4 d-grid gap-2">
      <h2 className="h5">Refunds</h2>
      {refundable ? (
        <a className="btn btn-outline-primary" href={`/admin/order/${order.id}/refund`}>
          Refund…
        </a>
      ) : null}
      {cancellable ? (
        <a className="btn btn-outline-danger" href={`/admin/order/${order.id}/cancel`}>
          Cancel order…
        </a>
      ) : null}
    </div>
  );
}
