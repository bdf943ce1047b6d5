import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Fragment } from "react";
import { AddressBlock } from "~/components/AddressBlock";
import { ShopDate } from "~/components/ShopDate";
import { OrderLinesTable } from "~/components/OrderLinesTable";
import { PrintHeader } from "~/components/PrintHeader";
import { discountLabel } from "~/lib/discounts";
import { pageMeta } from "~/lib/meta";
import { moneyFormatOf, moneyFormatter } from "~/lib/money";
import { formatInvoiceNumber, formatOrderNumber } from "~/lib/order-number";
import { keyQuery } from "~/lib/order-link-query";
import { taxLabel } from "~/lib/pricing";
import { invoiceSeller } from "~/models/orders";
import receiptPrintCss from "~/styles/receipt-print.css?url";
import { notFound } from "~/web/errors.server";
import { orderForRequest, shopperOrder } from "~/web/order-viewer.server";

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: "Invoice", description: "The invoice of an order.", noindex: true });

export const links: LinksFunction = () => [{ rel: "stylesheet", href: receiptPrintCss }];

// GET /order/:id/invoice: the printable invoice of a paid order, for its buyer (a guest by the order's
// link) or an admin; the seller as Settings names it, the number given when the order was paid.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { order } = await orderForRequest(request, params.id ?? "");
  if (order.invoiceNumber === null || order.paidAt === null)
    throw notFound("This order has no invoice: it is not paid");
  return {
    seller: await invoiceSeller(),
    order: shopperOrder(order),
    invoiceNumber: order.invoiceNumber,
    paidAt: order.paidAt,
  };
}

export default function Invoice() {
  const { seller, order, invoiceNumber, paidAt } = useLoaderData<typeof loader>();
  const formatMoney = moneyFormatter(moneyFormatOf(order));
  const tax = order.taxName
    ? taxLabel({ name: order.taxName, rateBp: order.taxRateBp, onShipping: order.taxOnShipping })
    : "Tax";
  const netCents = order.totalPriceCents - order.taxPriceCents;
  const freeShipping = order.discounts.find((d) => d.kind === "free_shipping");
  return (
    <article className="receipt mx-auto" style={{ maxWidth: "48rem" }}>
      <PrintHeader back={`/order/${order.id}${keyQuery(order)}`} backLabel="Back to the order">
        <h1 className="h4 mb-0">Invoice {formatInvoiceNumber(invoiceNumber)}</h1>
      </PrintHeader>
      <div className="row mb-3">
        <div className="col-sm-6 mb-3" data-testid="invoice-seller">
          <h2 className="h6 text-muted mb-1">From</h2>
          <p className="fw-bold mb-0">{seller.name}</p>
          {seller.address ? (
            <p className="mb-0" style={{ whiteSpace: "pre-line" }}>
              {seller.address}
            </p>
          ) : null}
          {seller.taxId ? <p className="mb-0">Tax number: {seller.taxId}</p> : null}
          {seller.email ? <p className="mb-0">{seller.email}</p> : null}
        </div>
        <div className="col-sm-6 mb-3" data-testid="invoice-buyer">
          <h2 className="h6 text-muted mb-1">Bill to</h2>
          <p className="mb-0">{order.buyer?.name ?? order.userName}</p>
          <AddressBlock address={order} />
          {(order.buyer?.email ?? order.guestEmail) ? (
            <p className="mb-0">{order.buyer?.email ?? order.guestEmail}</p>
          ) : null}
        </div>
      </div>
      <dl className="row mb-3" data-testid="invoice-facts">
        <dt className="col-sm-4">Invoice number</dt>
        <dd className="col-sm-8">{formatInvoiceNumber(invoiceNumber)}</dd>
        <dt className="col-sm-4">Invoice date</dt>
        <dd className="col-sm-8">
          <ShopDate at={paidAt} time />
        </dd>
        <dt className="col-sm-4">Order</dt>
        <dd className="col-sm-8">{formatOrderNumber(order.orderNumber)}</dd>
        <dt className="col-sm-4">Currency</dt>
        <dd className="col-sm-8">{order.currency}</dd>
      </dl>
      <OrderLinesTable lines={order.lines} formatMoney={formatMoney} testId="invoice-line" withSku />
      <dl className="row mb-0 ms-auto" style={{ maxWidth: "24rem" }} data-testid="invoice-totals">
        <dt className="col-7 fw-normal">Subtotal</dt>
        <dd className="col-5 text-end">{formatMoney(order.itemsPriceCents)}</dd>
        {order.discounts
          .filter((d) => d.kind !== "free_shipping")
          .map((d) => (
            <Fragment key={discountLabel(d)}>
              <dt className="col-7 fw-normal">Discount ({discountLabel(d)})</dt>
              <dd className="col-5 text-end">−{formatMoney(d.amountCents)}</dd>
            </Fragment>
          ))}
        <dt className="col-7 fw-normal">
          Shipping{order.shippingMethod ? ` (${order.shippingMethod})` : ""}
          {freeShipping ? `, free with ${discountLabel(freeShipping)}` : ""}
        </dt>
        <dd className="col-5 text-end">{formatMoney(order.shippingPriceCents)}</dd>
        <dt className="col-7 fw-normal">Total before tax</dt>
        <dd className="col-5 text-end" data-testid="invoice-net">
          {formatMoney(netCents)}
        </dd>
        <dt className="col-7 fw-normal">{tax}</dt>
        <dd className="col-5 text-end" data-testid="invoice-tax">
          {formatMoney(order.taxPriceCents)}
        </dd>
        <dt className="col-7">Total</dt>
        <dd className="col-5 text-end fw-bold" data-testid="invoice-total">
          {formatMoney(order.totalPriceCents)}
        </dd>
      </dl>
      {order.refundedCents > 0 ? (
        <p className="text-end mt-2" data-testid="invoice-refunded">
          Refunded since: {formatMoney(order.refundedCents)}
        </p>
      ) : null}
      <p className="small text-muted mt-3 mb-0">Paid by card on the date of this invoice.</p>
    </article>
  );
}
