import { FULFILMENT } from "~/lib/order-states";

// Neutral colours: every fulfilment status is a normal state, none is an error. Bootstrap's
// text-bg-* pairs keep the contrast WCAG AA asks for.
const BADGES: Record<string, string> = {
  [FULFILMENT.processing]: "text-bg-secondary",
  [FULFILMENT.shipped]: "text-bg-info",
  [FULFILMENT.delivered]: "text-bg-success",
  Cancelled: "text-bg-dark",
};

export function OrderStatus({ status }: { status: string }) {
  return (
    <span className={`badge ${BADGES[status] ?? "text-bg-light"}`} data-testid="order-status">
      {status}
    </span>
  );
}
