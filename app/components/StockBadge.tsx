import { stockBadge } from "~/lib/stock-badge";

// Bootstrap's danger (white on red) and warning (black on amber) badges both pass AA contrast.
const TONE_CLASS = { out: "text-bg-danger", low: "text-bg-warning" } as const;

/** "Out of stock" or "Only N left" (app/lib/stock-badge.ts); nothing when there is plenty. */
export function StockBadge({ stock, className = "" }: { stock: number; className?: string }) {
  const badge = stockBadge(stock);
  if (!badge) return null;
  return (
    <span className={`badge ${TONE_CLASS[badge.tone]} ${className}`.trim()} data-testid="stock-badge">
      {badge.label}
    </span>
  );
}
