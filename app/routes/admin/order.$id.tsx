import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { OrderDetails } from "~/components/OrderDetails";
import { notFound, orErrorPage } from "~/web/errors.server";
import { adminMeta, type AdminHandle } from "~/lib/meta";
import { redirectWithError, redirectWithSuccess } from "~/web/toast.server";
import { ORDER_STATUSES } from "~/lib/order-states";
import { statusHistory, updateOrderStatus } from "~/models/admin-orders.server";
import { requireAdmin } from "~/web/auth.server";
import { getOrder } from "~/models/orders.server";
import { readForm } from "~/web/forms.server";

export const handle: AdminHandle = { title: "Process Order" };
export const meta = adminMeta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const order = getOrder(params.id ?? "");
  if (!order) throw notFound("Order not found");
  return { order: { ...order, history: statusHistory(order.id) } };
}

const statusSchema = z.object({ status: z.enum(ORDER_STATUSES, { errorMap: () => ({ message: "Please choose Processing, Shipped or Delivered" }) }) });

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  const parsed = statusSchema.safeParse(Object.fromEntries(await readForm(request)));
  const here = `/admin/order/${params.id}`;
  if (!parsed.success) return redirectWithError(here, parsed.error.issues[0].message);
  await orErrorPage(() => updateOrderStatus(params.id ?? "", parsed.data.status));
  return redirectWithSuccess(here, "Order updated successfully");
}

export default function ProcessOrder() {
  const { order } = useLoaderData<typeof loader>();
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
            <select id="status" name="status" className="form-select mb-3" defaultValue={order.orderStatus} key={order.orderStatus}>
              {ORDER_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
            <button type="submit" className="btn btn-primary w-100">
              Update Status
            </button>
          </Form>
        </div>
      </div>
    </>
  );
}
