import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AddressBlock } from "~/components/AddressBlock";
import { OrderLinesTable } from "~/components/OrderLinesTable";
import { PrintHeader } from "~/components/PrintHeader";
import { ShopDate } from "~/components/ShopDate";
import { PriceSummary, storedPrices } from "~/components/PriceSummary";
import { getShopSettings } from "~/models/settings";
import { pageMeta } from "~/lib/meta";
import { moneyFormatOf, moneyFormatter } from "~/lib/money";
import { formatOrderNumber } from "~/lib/order-number";
import { paymentStatusLabel } from "~/lib/order-states";
import { paymentStateLabel, refundState } from "~/lib/refunds";
import { orderForRequest, shopperOrder } from "~/web/order-viewer.server";
import receiptPrintCss from "~/styles/receipt-print.css?url";
import { keyQuery } from "~/lib/order-link-query";

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: "Receipt", description: "The receipt of your order.", noindex: true });

export const links: LinksFunction = () => [{ rel: "stylesheet", href: receiptPrintCss }];

// GET /order/:id/receipt: the printable receipt, for the order's owner or an admin (as the order page).
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { order } = await orderForRequest(request, params.id ?? "");
  return { shopName: (await getShopSettings()).name, order: shopperOrder(order) };
}

export default function Receipt() {
  const { shopName, order } = useLoaderData<typeof loader>();
  const formatMoney = moneyFormatter(moneyFormatOf(order));
  const number = formatOrderNumber(order.orderNumber);
  return (
    <article className="receipt mx-auto" style={{ maxWidth: "48rem" }}>
      <PrintHeader back={`/order/${order.id}${keyQuery(order)}`} backLabel="Back to the order">
        <p className="h4 mb-0" data-testid="receipt-shop">
          {shopName}
        </p>
        <h1 className="h5 mb-0">Receipt for order {number}</h1>
      </PrintHeader>
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
      <OrderLinesTable lines={order.lines} formatMoney={formatMoney} testId="receipt-line" />
      <PriceSummary {...storedPrices(order)} />
      {order.refundedCents > 0 ? (
        <p className="text-end fw-bold" data-testid="receipt-refunded">
          Refunded: {formatMoney(order.refundedCents)}
        </p>
      ) : null}
    </article>
  );
}
