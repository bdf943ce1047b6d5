import type { ReactNode } from "react";
import type { OrderAddressColumns } from "~/lib/address";
import { useMoney } from "~/lib/use-money";
import { formatOrderNumber } from "~/lib/order-number";
import { fulfilmentLabel, isPaid } from "~/lib/order-states";
import { refundState } from "~/lib/refunds";
import { trackingOf } from "~/lib/shipment-tracking";
import { AddressBlock } from "./AddressBlock";
import { ShopDate } from "./ShopDate";
import { OrderRefunds, type RefundView } from "./OrderRefunds";
import { OrderStatus } from "./OrderStatus";
import { PriceSummary, storedPrices, type StoredPrices } from "./PriceSummary";
import { lineName, productHref } from "~/lib/variants";
import { keyQuery } from "~/lib/order-link-query";

export type OrderView = StoredPrices &
  OrderAddressColumns & {
    id: string;
    orderNumber: number;
    createdAt: string | Date;
    userName: string;
    shippingPhoneNo: string;
    paymentIntentId?: string | null;
    paymentStatus: string;
    orderStatus: string;
    refundedCents: number;
    cancelledAt: string | Date | null;
    shippingCarrier: string | null;
    trackingNumber: string | null;
    lines: {
      id: string;
      productId: string | null;
      variantId: string | null;
      variantTitle: string | null;
      sku: string | null;
      name: string;
      priceCents: number;
      quantity: number;
      image: string | null;
    }[];
    history: { status: string; at: string | Date }[];
    refunds?: RefundView[];
    buyer?: { orderKey?: string } | null;
    invoiceNumber: number | null;
  };

/**
 * The facts of an order, for its buyer and for the admin's process page (`forOwner`, which adds
 * the payment provider's id).
 */
export function OrderDetails({
  order,
  forOwner = false,
  children,
}: {
  order: OrderView;
  forOwner?: boolean;
  children?: ReactNode;
}) {
  const formatMoney = useMoney();
  const refunded = refundState(order);
  const paid = isPaid(order.paymentStatus) && refunded !== "full";
  const tracking = trackingOf(order.shippingCarrier, order.trackingNumber);
  return (
    <div>
      <h1 className="h3 mt-4 mb-1">Order {formatOrderNumber(order.orderNumber)}</h1>
      <p className="text-muted mb-3">
        Placed <ShopDate at={order.createdAt} time /> ·{" "}
        <a href={`/order/${order.id}/receipt${keyQuery(order)}`}>Receipt</a>
        {order.invoiceNumber !== null ? (
          <>
            {" · "}
            <a href={`/order/${order.id}/invoice${keyQuery(order)}`}>Invoice</a>
          </>
        ) : null}
      </p>
      <h2 className="h4 mb-3">Shipping Info</h2>
      <p>
        <b>Buyer:</b> {order.userName}
      </p>
      <AddressBlock address={order} testId="order-address" />
      <p className="mt-2">
        <b>Phone:</b> {order.shippingPhoneNo}
      </p>
      <p>
        <b>Amount:</b> <span data-testid="order-amount">{formatMoney(order.totalPriceCents)}</span>
      </p>
      <hr />
      <h2 className="h4 my-3">Payment</h2>
      <p className={paid ? "text-success fw-bold" : "text-danger fw-bold"} data-testid="payment-status">
        {paid ? "PAID" : refunded === "full" ? "REFUNDED" : "NOT PAID"}
      </p>
      {refunded === "partial" ? (
        <p className="fw-bold" data-testid="refund-status">
          Partially refunded: {formatMoney(order.refundedCents)} of {formatMoney(order.totalPriceCents)}
        </p>
      ) : null}
      {/* The provider's id is for the owner, who may look the payment up with the provider. */}
      {forOwner ? (
        <p>
          <b>Payment id:</b> <span data-testid="payment-id">{order.paymentIntentId ?? "—"}</span>
        </p>
      ) : null}
      <h2 className="h4 my-3">Order Status:</h2>
      <p>
        <OrderStatus status={fulfilmentLabel(order)} />
      </p>
      {tracking ? (
        <p data-testid="order-tracking">
          <b>Carrier:</b> {tracking.carrierName} · <b>Tracking number:</b> {tracking.number}
          {tracking.url ? (
            <>
              {" · "}
              <a href={tracking.url} rel="noopener noreferrer">
                Track your parcel<span className="visually-hidden"> with {tracking.carrierName}</span>
              </a>
            </>
          ) : null}
        </p>
      ) : null}
      {order.history.length ? (
        <ol className="small text-muted" data-testid="status-history">
          {order.history.map((event, i) => (
            <li key={i}>
              {event.status} — <ShopDate at={event.at} time />
            </li>
          ))}
        </ol>
      ) : null}
      {order.refunds?.length ? <OrderRefunds refunds={order.refunds} lines={order.lines} /> : null}
      {children}
      <h2 className="h4 my-3">Order Items:</h2>
      <hr />
      {order.lines.map((line) => (
        <div key={line.id} className="d-flex align-items-center gap-3 border-bottom py-2" data-testid="order-line">
          {line.image ? <img src={line.image} alt="" width={65} height={49} /> : null}
          {line.productId ? (
            <a href={productHref({ productId: line.productId, variantId: line.variantId })} className="flex-grow-1">
              {lineName(line.name, line.variantTitle)}
            </a>
          ) : (
            <span className="flex-grow-1">{lineName(line.name, line.variantTitle)}</span>
          )}
          {line.sku ? <span className="text-muted small">SKU {line.sku}</span> : null}
          <span>{formatMoney(line.priceCents)}</span>
          <span className="text-nowrap">Qty {line.quantity}</span>
        </div>
      ))}
      <div className="my-4">
        <PriceSummary {...storedPrices(order)} />
      </div>
    </div>
  );
}
