import { LOW_STOCK_THRESHOLD } from "./stock";

export { LOW_STOCK_THRESHOLD };

export type StockBadge = { label: string; tone: "out" | "low" };

/** The badge a product card and the product page show for this stock, or null when there is plenty. */
export function stockBadge(stock: number): StockBadge | null {
  if (stock <= 0) return { label: "Out of stock", tone: "out" };
  if (stock <= LOW_STOCK_THRESHOLD) return { label: `Only ${stock} left`, tone: "low" };
  return null;
}
