import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useHydrated } from "~/lib/use-hydrated";

/** The top of a page meant for paper (receipt, invoice, packing slip): its title, and Print and Back, which the paper leaves out. */
export function PrintHeader({ children, back, backLabel }: { children: ReactNode; back: string; backLabel: string }) {
  const hydrated = useHydrated();
  return (
    <header className="d-flex flex-wrap justify-content-between align-items-start gap-2 border-bottom pb-3 mb-3">
      <div>{children}</div>
      <div className="receipt-actions d-flex gap-2">
        {hydrated ? (
          <button type="button" className="btn btn-primary btn-sm" onClick={() => window.print()}>
            Print
          </button>
        ) : null}
        <Link to={back} className="btn btn-outline-secondary btn-sm">
          {backLabel}
        </Link>
      </div>
    </header>
  );
}
