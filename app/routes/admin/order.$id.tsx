import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { OrderDetails } from "~/components/OrderDetails";
import { notFound, orErrorPage, publicErrorToForm } from "~/web/errors.server";
import { adminMeta, type AdminHandle } from "~/lib/meta";
import { redirectWithError, redirectWithSuccess } from "~/web/toast.server";
import { orderStatusInput } from "~/lib/api-inputs";
import { ORDER_STATUSES, UnconfirmedStepBackError, type OrderStatusStep } from "~/lib/order-states";
import { statusHistory, updateOrderStatus } from "~/models/admin-orders.server";
import { requireAdmin } from "~/web/auth.server";
import { getOrder } from "~/models/orders.server";
import { readForm } from "~/web/forms.server";

export const handle: AdminHandle = { title: "Process Order" };
export const meta = adminMeta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const order = await getOrder(params.id ?? "");
  if (!order) throw notFound("Order not found");
  return { order: { ...order, history: await statusHistory(order.id) } };
}

const DONE: Record<OrderStatusStep, (status: string) => string> = {
  forward: () => "Order updated successfully",
  back: (status) => `Order moved back to ${status}; no mail was sent`,
  none: (status) => `Nothing changed: the order is already ${status}`,
};

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  const form = await readForm(request);
  const status = form.get("status");
  // The confirmation box carries the status it confirms: ticked for another choice, it confirms nothing.
  const parsed = orderStatusInput.safeParse({
    status,
    confirmBackward: status !== null && form.get("confirmBackward") === status,
  });
  // The id as sent: encoded, so that no character of it can break the Location header.
  const here = `/admin/order/${encodeURIComponent(params.id ?? "")}`;
  if (!parsed.success) return redirectWithError(here, parsed.error.issues[0].message);
  const { confirmBackward } = parsed.data;
  const step = await orErrorPage(() =>
    updateOrderStatus(params.id ?? "", parsed.data.status, { confirmBackward }).catch((error: unknown) => {
      if (error instanceof UnconfirmedStepBackError) return error;
      throw error;
    }),
  );
  // A step back not confirmed yet: the error beside the select, the choice kept, the confirmation box shown.
  if (step instanceof UnconfirmedStepBackError) return publicErrorToForm(step, { status: step.to });
  return redirectWithSuccess(here, DONE[step](parsed.data.status));
}

export default function ProcessOrder() {
  const { order } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const error = refused?.fieldErrors.status;
  const backTo = error ? String(refused.repopulateFields.status) : null;
  return (
    <>
      <div className="row">
        <div className="col-lg-8">
          <OrderDetails order={order} />
        </div>
        <div className="col-lg-4">
          <Form method="post" className="card card-body mt-4">
            <label htmlFor="status" className="h5">
              Status
            </label>
            <select
              id="status"
              name="status"
              className={`form-select${error ? " is-invalid" : ""}`}
              defaultValue={backTo ?? order.orderStatus}
              key={`${order.orderStatus}-${backTo}`}
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
            <button type="submit" className="btn btn-primary w-100 mt-3">
              Update status
            </button>
          </Form>
        </div>
      </div>
    </>
  );
}
