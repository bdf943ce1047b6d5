/** Green when the status contains "Delivered", red otherwise, as the spec's tables show it. */
export function OrderStatus({ status }: { status: string }) {
  return (
    <span className={status.includes("Delivered") ? "text-success fw-semibold" : "text-danger fw-semibold"} data-testid="order-status">
      {status}
    </span>
  );
}
