/** A product with this many units or fewer (but some) counts as low on stock. */
export const LOW_STOCK_THRESHOLD = 5;

/** The admin products list's stock filters: low (1 to LOW_STOCK_THRESHOLD) and out (0). */
export const STOCK_FILTERS = ["low", "out"] as const;
export type StockFilter = (typeof STOCK_FILTERS)[number];

export function parseStockFilter(value: string | null): StockFilter | undefined {
  return (STOCK_FILTERS as readonly (string | null)[]).includes(value) ? (value as StockFilter) : undefined;
}
