// The shop's pricing rules, in one place for the pages, the API and the tests. All in cents.
export const FREE_SHIPPING_OVER_CENTS = 200_00;
export const SHIPPING_CENTS = 25_00;
export const TAX_RATE_PERCENT = 5;

export type PricedLine = { priceCents: number; quantity: number };

export type OrderPrices = {
  itemsCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
};

/**
 * Subtotal, shipping (free when the subtotal is over $200, else $25), tax (5% of the subtotal,
 * rounded half up to the cent) and total.
 */
export function priceOrder(lines: PricedLine[]): OrderPrices {
  const itemsCents = lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
  const shippingCents = itemsCents > FREE_SHIPPING_OVER_CENTS ? 0 : SHIPPING_CENTS;
  // Integer arithmetic: cents * 5 / 100, halves rounded up.
  const taxCents = Math.floor((itemsCents * TAX_RATE_PERCENT + 50) / 100);
  return { itemsCents, shippingCents, taxCents, totalCents: itemsCents + shippingCents + taxCents };
}
