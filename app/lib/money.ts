const dollars = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Formats integer cents as `$1,234.50`. */
export function formatMoney(cents: number): string {
  return dollars.format(cents / 100);
}

/** Integer cents to a dollar number with two decimals, as the API shows prices. */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

/** A dollar amount (at most two decimals) to integer cents. */
export function dollarsToCents(amount: number): number {
  return Math.round(amount * 100);
}
