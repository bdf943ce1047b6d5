import type { ReactNode } from "react";
import { useMoney } from "~/lib/use-money";
import type { OrderPrices } from "~/lib/pricing";

/** An order's figures as stored when it was made. */
export type StoredPrices = {
  itemsPriceCents: number;
  shippingPriceCents: number;
  taxPriceCents: number;
  totalPriceCents: number;
};

/** A placed order's breakdown, read from what was stored (never priced again: prices change). */
export const storedPrices = (order: StoredPrices): OrderPrices => ({
  itemsCents: order.itemsPriceCents,
  shippingCents: order.shippingPriceCents,
  taxCents: order.taxPriceCents,
  totalCents: order.totalPriceCents,
});

/** Subtotal, shipping, tax and total: the confirm and payment pages, and the order pages. */
export function PriceSummary({ prices, children }: { prices: OrderPrices; children?: ReactNode }) {
  const formatMoney = useMoney();
  return (
    <div className="card card-body" data-testid="order-summary">
      <h2 className="h5">Order Summary</h2>
      <hr />
      <dl className="row mb-0">
        <dt className="col-6 fw-normal">Subtotal:</dt>
        <dd className="col-6 text-end" data-testid="subtotal">
          {formatMoney(prices.itemsCents)}
        </dd>
        <dt className="col-6 fw-normal">Shipping:</dt>
        <dd className="col-6 text-end" data-testid="shipping">
          {formatMoney(prices.shippingCents)}
        </dd>
        <dt className="col-6 fw-normal">Tax:</dt>
        <dd className="col-6 text-end" data-testid="tax">
          {formatMoney(prices.taxCents)}
        </dd>
        <dt className="col-6">Total:</dt>
        <dd className="col-6 text-end fw-bold" data-testid="total">
          {formatMoney(prices.totalCents)}
        </dd>
      </dl>
      {children}
    </div>
  );
}
