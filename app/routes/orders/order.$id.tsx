import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { OrderDetails } from "~/components/OrderDetails";
import { OrderReturns } from "~/components/OrderReturns";
import { pageMeta } from "~/lib/meta";
import { moneyFormatOf } from "~/lib/money";
import { MoneyIn } from "~/lib/use-money";
import { statusHistory, refundsOf, returnPlan, returnsOf } from "~/models/after-sales";
import { orderForRequest, shopperOrder } from "~/web/order-viewer.server";
import { ShopDate } from "~/components/ShopDate";

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "Order Details",
    description: "An order's items, shipping, payment and status.",
    noindex: true,
  });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { order, user, key } = await orderForRequest(request, params.id ?? "");
  const [history, refunds, returns, returnable] = await Promise.all([
    statusHistory(order.id),
    refundsOf(order.id),
    returnsOf(order.id),
    // A guest's order, seen by its link: returns are asked for by the same key.
    returnPlan(order, key ? { orderKey: key } : user!),
  ]);
  // The return link: while the window is open and something is left to return.
  const returnUntil =
    returnable && !returnable.problem && returnable.lines.some((l) => l.returnable > 0) ? returnable.deadline : null;
  // The shopper sees their refunds, not who in the shop made them.
  const shownRefunds = refunds.map(({ createdBy: _by, requestKey: _key, providerRefundId: _id, ...refund }) => ({
    ...refund,
    createdByName: null,
  }));
  return {
    order: { ...shopperOrder(order), history, refunds: shownRefunds, returns },
    returnUntil,
    returnPage: `/order/${order.id}/return${key ? `?key=${encodeURIComponent(key)}` : ""}`,
  };
}

export default function OrderDetailsPage() {
  const { order, returnUntil, returnPage } = useLoaderData<typeof loader>();
  return (
    <MoneyIn format={moneyFormatOf(order)}>
      <OrderDetails order={order}>
        {order.returns.length ? <OrderReturns returns={order.returns} lines={order.lines} /> : null}
        {returnUntil ? (
          <p>
            <a className="btn btn-outline-primary" href={returnPage}>
              Return items
            </a>{" "}
            <span className="text-muted small">
              until <ShopDate at={returnUntil} time />
            </span>
          </p>
        ) : null}
      </OrderDetails>
    </MoneyIn>
  );
}
