import type { ReactNode } from "react";
import { useMoney } from "~/lib/use-money";
import { taxLabel, type OrderPrices } from "~/lib/pricing";

/** What an order was priced with, beside its figures: the shipping method and the tax. */
export type PricedWith = {
  shippingMethod: string | null;
  tax: { name: string; rateBp: number | null } | null;
};

/** An order's figures as stored when it was made. */
export type StoredPrices = {
  itemsPriceCents: number;
  shippingPriceCents: number;
  taxPriceCents: number;
  totalPriceCents: number;
  shippingMethod: string | null;
  taxName: string | null;
  taxRateBp: number | null;
  taxIncluded: boolean;
};

/** A placed order's breakdown, read from what was stored (never priced again: prices change). */
export const storedPrices = (order: StoredPrices): { prices: OrderPrices } & PricedWith => ({
  prices: {
    itemsCents: order.itemsPriceCents,
    shippingCents: order.shippingPriceCents,
    taxCents: order.taxPriceCents,
    totalCents: order.totalPriceCents,
    taxIncluded: order.taxIncluded,
  },
  shippingMethod: order.shippingMethod,
  // Orders from before tax rates were data: the specification's 5% tax.
  tax: order.taxName ? { name: order.taxName, rateBp: order.taxRateBp } : null,
});

/**
 * Subtotal, shipping, tax and total: the confirm and payment pages, and the order pages. A tax the
 * prices include is shown as part of the total ("Includes VAT (19%)"), not added to it.
 */
export function PriceSummary({
  prices,
  shippingMethod = null,
  tax = null,
  children,
}: { prices: OrderPrices; children?: ReactNode } & Partial<PricedWith>) {
  const formatMoney = useMoney();
  const taxName = taxLabel(tax);
  return (
    <div className="card card-body" data-testid="order-summary">
      <h2 className="h5">Order Summary</h2>
      <hr />
      <dl className="row mb-0">
        <dt className="col-6 fw-normal">Subtotal:</dt>
        <dd className="col-6 text-end" data-testid="subtotal">
          {formatMoney(prices.itemsCents)}
        </dd>
        <dt className="col-6 fw-normal">
          Shipping{shippingMethod ? <span data-testid="shipping-method"> ({shippingMethod})</span> : null}:
        </dt>
        <dd className="col-6 text-end" data-testid="shipping">
          {formatMoney(prices.shippingCents)}
        </dd>
        {prices.taxIncluded ? null : (
          <>
            <dt className="col-6 fw-normal" data-testid="tax-name">
              {taxName}:
            </dt>
            <dd className="col-6 text-end" data-testid="tax">
              {formatMoney(prices.taxCents)}
            </dd>
          </>
        )}
        <dt className="col-6">Total:</dt>
        <dd className="col-6 text-end fw-bold" data-testid="total">
          {formatMoney(prices.totalCents)}
        </dd>
        {prices.taxIncluded ? (
          <>
            <dt className="col-6 fw-normal small text-muted" data-testid="tax-name">
              Includes {taxName}:
            </dt>
            <dd className="col-6 text-end small text-muted" data-testid="tax">
              {formatMoney(prices.taxCents)}
            </dd>
          </>
        ) : null}
      </dl>
      {children}
    </div>
  );
}
