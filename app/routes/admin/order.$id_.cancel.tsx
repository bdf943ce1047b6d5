import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ValidatedForm } from "remix-validated-form";
import { FormAlert, SubmitButton, TextAreaField } from "~/components/form-fields";
import { adminMeta, type AdminHandle } from "~/lib/meta";
import { formatOrderNumber } from "~/lib/order-number";
import { FULFILMENT, PAYMENT } from "~/lib/order-states";
import { cancelValidator } from "~/lib/refund-schema";
import { refundableCents } from "~/lib/refunds";
import { moneyFormatOf, moneyFormatter } from "~/lib/money";
import { getOrder } from "~/models/orders";
import { cancelOrder, type CancelOutcome } from "~/models/after-sales";
import { requireAdmin } from "~/web/auth.server";
import { notFound } from "~/web/errors.server";
import { redirectWithSuccess } from "~/web/toast.server";
import { saveValidatedForm } from "~/web/validated-form.server";

// /admin/order/:id/cancel: an unpaid order's reservation is released; a paid one is refunded in full.

export const handle: AdminHandle = { title: "Cancel Order" };
export const meta = adminMeta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const order = await getOrder(params.id ?? "");
  if (!order) throw notFound("Order not found");
  return {
    order: {
      id: order.id,
      orderNumber: order.orderNumber,
      cancelled: order.cancelledAt !== null,
      processing: order.orderStatus === FULFILMENT.processing,
      orderStatus: order.orderStatus,
      paid: order.paymentStatus === PAYMENT.succeeded,
      refundableCents: refundableCents(order),
      money: moneyFormatOf(order),
    },
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const orderId = params.id ?? "";
  let outcome: CancelOutcome | null = null;
  const saved = await saveValidatedForm(request, cancelValidator, async ({ reason }) => {
    outcome = await cancelOrder(orderId, { reason, actor: { id: admin.id, name: admin.name } });
  });
  if (saved.response) return saved.response;
  const done = outcome as CancelOutcome | null;
  return redirectWithSuccess(
    `/admin/order/${encodeURIComponent(orderId)}`,
    done?.cancelled === false && !done.refund ? "This order was cancelled already" : "Order cancelled",
  );
}

export default function CancelOrder() {
  const { order } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const formatMoney = moneyFormatter(order.money);
  const number = formatOrderNumber(order.orderNumber);
  const back = (
    <p className="mt-3">
      <a href={`/admin/order/${order.id}`}>Back to the order</a>
    </p>
  );
  if (order.cancelled || !order.processing)
    return (
      <div className="col-xl-8">
        <h1 className="h3 mt-4">Cancel order {number}</h1>
        <p>
          {order.cancelled
            ? "This order was cancelled already."
            : `This order is ${order.orderStatus}: refund it instead of cancelling it.`}
        </p>
        {back}
      </div>
    );
  return (
    <div className="col-xl-8">
      <h1 className="h3 mt-4">Cancel order {number}</h1>
      <p data-testid="cancel-effect">
        {order.paid
          ? `The buyer is refunded ${formatMoney(order.refundableCents)} (all that is left of the payment) and every item goes back in stock.`
          : "The order is not paid: its reserved stock goes back and its payment can no longer be made."}{" "}
        Its status will no longer change.
      </p>
      <ValidatedForm validator={cancelValidator} method="post" noValidate>
        <FormAlert message={refused?.formError} />
        <TextAreaField name="reason" label="Reason (the buyer reads it)" rows={2} maxLength={500} required />
        <SubmitButton className="btn btn-danger w-100">Cancel order</SubmitButton>
      </ValidatedForm>
      {back}
    </div>
  );
}
