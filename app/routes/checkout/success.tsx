import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { pageMeta } from "~/lib/meta";
import { requireUser } from "~/web/auth.server";

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: "Order Success", description: "Your order is placed.", noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export default function OrderSuccess() {
  return (
    <div className="text-center mt-5">
      <svg width="120" height="120" viewBox="0 0 24 24" aria-hidden="true" className="text-success mb-4">
        <circle cx="12" cy="12" r="11" fill="currentColor" />
        <path d="M7 12.5l3.2 3.2L17 9" fill="none" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <h1 className="h3">Your Order has been placed successfully.</h1>
      <Link to="/orders/me">Go to Orders</Link>
    </div>
  );
}
