import { Link } from "@remix-run/react";

const STEPS = [
  { label: "Shipping", to: "/shipping" },
  { label: "Confirm Order", to: "/confirm" },
  { label: "Payment", to: "/payment" },
] as const;

/** Shipping, Confirm Order, Payment: steps reached are links, the ones ahead are not clickable. */
export function CheckoutSteps({ current }: { current: 1 | 2 | 3 }) {
  return (
    <nav aria-label="Checkout progress" className="d-flex justify-content-center gap-2 my-4 checkout-steps">
      {STEPS.map((step, i) => {
        const n = i + 1;
        const className = `btn btn-sm ${n <= current ? "btn-warning" : "btn-outline-secondary disabled"}`;
        return n <= current ? (
          <Link key={step.to} to={step.to} className={className} aria-current={n === current ? "step" : undefined}>
            {step.label}
          </Link>
        ) : (
          <span key={step.to} className={className} aria-disabled="true">
            {step.label}
          </span>
        );
      })}
    </nav>
  );
}
