import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AddressBlock } from "~/components/AddressBlock";
import { ShopDate } from "~/components/ShopDate";
import { PriceSummary, storedPrices } from "~/components/PriceSummary";
import { config } from "~/config.server";
import { pageMeta } from "~/lib/meta";
import { useMoney } from "~/lib/use-money";
import { formatOrderNumber } from "~/lib/order-number";
import { paymentStatusLabel } from "~/lib/order-states";
import { paymentStateLabel, refundState } from "~/lib/refunds";
import { useHydrated } from "~/lib/use-hydrated";
import { orderForRequest, shopperOrder } from "~/web/order-viewer.server";
import receiptPrintCss from "~/styles/receipt-print.css?url";
import { lineName } from "~/lib/variants";
import { keyQuery } from "~/lib/order-link-query";

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: "Receipt", description: "The receipt of your order.", noindex: true });

export const links: LinksFunction = () => [{ rel: "stylesheet", href: receiptPrintCss }];

// GET /order/:id/receipt: the printable receipt, for the order's owner or an admin (as the order page).
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { order } = await orderForRequest(request, params.id ?? "");
  return { shopName: config.shopName, order: shopperOrder(order) };
}

export default function Receipt() {
  const formatMoney = useMoney();
  const { shopName, order } = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  const number = formatOrderNumber(order.orderNumber);
  return (
    <article className="receipt mx-auto" style={{ maxWidth: "48rem" }}>
      <header className="d-flex flex-wrap justify-content-between align-items-start gap-2 border-bottom pb-3 mb-3">
        <div>
          <p className="h4 mb-0" data-testid="receipt-shop">
            {shopName}
          </p>
          <h1 className="h5 mb-0">Receipt for order {number}</h1>
        </div>
        <div className="receipt-actions d-flex gap-2">
          {hydrated ? (
            <button type="button" className="btn btn-primary btn-sm" onClick={() => window.print()}>
              Print
            </button>
          ) : null}
          <Link to={`/order/${order.id}${keyQuery(order)}`} className="btn btn-outline-secondary btn-sm">
            Back to the order
          </Link>
        </div>
      </header>
      <dl className="row mb-3" data-testid="receipt-facts">
        <dt className="col-sm-4">Order</dt>
        <dd className="col-sm-8">{number}</dd>
        <dt className="col-sm-4">Date</dt>
        <dd className="col-sm-8">
          <ShopDate at={order.createdAt} time />
        </dd>
        <dt className="col-sm-4">Buyer</dt>
        <dd className="col-sm-8" data-testid="receipt-buyer">
          {order.buyer?.name ?? order.userName}
          {order.buyer ? ` <${order.buyer.email}>` : null}
        </dd>
        <dt className="col-sm-4">Ship to</dt>
        <dd className="col-sm-8" data-testid="receipt-address">
          <AddressBlock address={order} />
          {order.shippingPhoneNo}
        </dd>
        <dt className="col-sm-4">Payment</dt>
        <dd className="col-sm-8" data-testid="receipt-payment">
          {refundState(order) === "none" ? paymentStatusLabel(order.paymentStatus) : paymentStateLabel(order)}
          {order.paidAt ? (
            <>
              {" "}
              on <ShopDate at={order.paidAt} time />
            </>
          ) : null}
        </dd>
      </dl>
      <div className="table-responsive">
        <table className="table table-sm">
          <caption className="visually-hidden">Items</caption>
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col" className="text-end">
                Qty
              </th>
              <th scope="col" className="text-end">
                Price
              </th>
              <th scope="col" className="text-end">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line) => (
              <tr key={line.id} data-testid="receipt-line">
                <td>{lineName(line.name, line.variantTitle)}</td>
                <td className="text-end">{line.quantity}</td>
                <td className="text-end">{formatMoney(line.priceCents)}</td>
                <td className="text-end">{formatMoney(line.priceCents * line.quantity)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <PriceSummary {...storedPrices(order)} />
      {order.refundedCents > 0 ? (
        <p className="text-end fw-bold" data-testid="receipt-refunded">
          Refunded: {formatMoney(order.refundedCents)}
        </p>
      ) : null}
    </article>
  );
}
