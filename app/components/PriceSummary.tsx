import { Fragment, type ReactNode } from "react";
import { discountLabel, type DiscountKind } from "~/lib/discounts";
import { moneyFormatOf, moneyFormatter } from "~/lib/money";
import type { MoneyFormat } from "~/lib/shop-settings";
import { useMoney } from "~/lib/use-money";
import { taxLabel, type OrderPrices } from "~/lib/pricing";

/** A discount as a summary shows it: its code or name, and what it took off (the shipping, for free shipping). */
export type SummaryDiscount = { code: string | null; name: string; kind: DiscountKind; amountCents: number };

/** What an order was priced with, beside its figures: the shipping method, the tax and the discounts. */
export type PricedWith = {
  shippingMethod: string | null;
  tax: { name: string; rateBp: number | null; onShipping?: boolean } | null;
  discounts: SummaryDiscount[];
  /** The currency and locale of a placed order (kept with it); the shop's when absent. */
  money?: MoneyFormat;
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
  taxOnShipping: boolean;
  discountCents: number;
  discounts: SummaryDiscount[];
  currency: string;
  locale: string;
};

/** A placed order's breakdown, read from what was stored (never priced again: prices change). */
export const storedPrices = (order: StoredPrices): { prices: OrderPrices } & PricedWith => ({
  prices: {
    itemsCents: order.itemsPriceCents,
    discountCents: order.discountCents,
    shippingCents: order.shippingPriceCents,
    taxCents: order.taxPriceCents,
    totalCents: order.totalPriceCents,
    taxIncluded: order.taxIncluded,
  },
  shippingMethod: order.shippingMethod,
  discounts: order.discounts,
  // Orders from before tax rates were data: the specification's 5% tax.
  tax: order.taxName ? { name: order.taxName, rateBp: order.taxRateBp, onShipping: order.taxOnShipping } : null,
  money: moneyFormatOf(order),
});

/**
 * Subtotal, discounts, shipping, tax and total: the confirm and payment pages, and the order pages. A
 * tax the prices include is shown as part of the total ("Includes VAT (19%)"), not added to it; free
 * shipping from a code is said beside the shipping.
 */
export function PriceSummary({
  prices,
  shippingMethod = null,
  tax = null,
  discounts = [],
  money,
  children,
}: { prices: OrderPrices; children?: ReactNode } & Partial<PricedWith>) {
  const shopMoney = useMoney();
  const formatMoney = money ? moneyFormatter(money) : shopMoney;
  const taxName = taxLabel(tax);
  const freeShipping = discounts.find((d) => d.kind === "free_shipping");
  const shippingNote = [shippingMethod, freeShipping ? `free with ${discountLabel(freeShipping)}` : null]
    .filter(Boolean)
    .join(", ");
  return (
    <div className="card card-body" data-testid="order-summary">
      <h2 className="h5">Order Summary</h2>
      <hr />
      <dl className="row mb-0">
        <dt className="col-6 fw-normal">Subtotal:</dt>
        <dd className="col-6 text-end" data-testid="subtotal">
          {formatMoney(prices.itemsCents)}
        </dd>
        {discounts
          .filter((d) => d.kind !== "free_shipping")
          .map((d) => (
            <Fragment key={discountLabel(d)}>
              <dt className="col-6 fw-normal" data-testid="discount-name">
                Discount ({discountLabel(d)}):
              </dt>
              <dd className="col-6 text-end" data-testid="discount">
                −{formatMoney(d.amountCents)}
              </dd>
            </Fragment>
          ))}
        <dt className="col-6 fw-normal">
          Shipping{shippingNote ? <span data-testid="shipping-method"> ({shippingNote})</span> : null}:
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
