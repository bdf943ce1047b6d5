import { isDelivered } from "~/lib/order-states";

/** Green when delivered, red otherwise, as the spec's tables show it. */
export function OrderStatus({ status }: { status: string }) {
  return (
    <span className={isDelivered(status) ? "text-success fw-semibold" : "text-danger fw-semibold"} data-testid="order-status">
      {status}
    </span>
  );
}
