import { Link } from "@remix-run/react";
import { unweighedWarning, WITHOUT_WEIGHT } from "~/lib/shipping-rules";

/** Where a weight rate is set: how many products have no weight, linking to the list of them. */
export function UnweighedWarning({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <div className="alert alert-warning" data-testid="unweighed-warning">
      {unweighedWarning(count)}{" "}
      <Link to={`/admin/products?weight=${WITHOUT_WEIGHT}`} className="alert-link">
        See the products without a weight
      </Link>
    </div>
  );
}
