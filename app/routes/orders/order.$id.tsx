import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { OrderDetails } from "~/components/OrderDetails";
import { pageMeta } from "~/lib/meta";
import { requireUser } from "~/web/auth.server";
import { statusHistory } from "~/models/admin-orders.server";
import { getOrderFor } from "~/models/orders.server";
import { notFound } from "~/web/errors.server";

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "Order Details",
    description: "An order's items, shipping, payment and status.",
    noindex: true,
  });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  // Someone else's order answers exactly as a missing one.
  const order = await getOrderFor(params.id ?? "", user);
  if (!order) throw notFound("Order not found");
  return { order: { ...order, history: await statusHistory(order.id) } };
}

export default function OrderDetailsPage() {
  const { order } = useLoaderData<typeof loader>();
  return <OrderDetails order={order} />;
}
