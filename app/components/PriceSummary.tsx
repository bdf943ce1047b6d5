import type { ReactNode } from "react";
import { formatMoney } from "~/lib/money";
import type { OrderPrices } from "~/lib/pricing";

/** Subtotal, shipping, tax and total, as the confirm and payment pages show them. */
export function PriceSummary({ prices, children }: { prices: OrderPrices; children?: ReactNode }) {
  return (
    <div className="card card-body" data-testid="order-summary">
      <h2 className="h5">Order Summary</h2>
      <hr />
      <dl className="row mb-0">
        <dt className="col-6 fw-normal">Subtotal:</dt>
        <dd className="col-6 text-end" data-testid="subtotal">{formatMoney(prices.itemsCents)}</dd>
        <dt className="col-6 fw-normal">Shipping:</dt>
        <dd className="col-6 text-end" data-testid="shipping">{formatMoney(prices.shippingCents)}</dd>
        <dt className="col-6 fw-normal">Tax:</dt>
        <dd className="col-6 text-end" data-testid="tax">{formatMoney(prices.taxCents)}</dd>
        <dt className="col-6">Total:</dt>
        <dd className="col-6 text-end fw-bold" data-testid="total">{formatMoney(prices.totalCents)}</dd>
      </dl>
      {children}
    </div>
  );
}
