import { Form } from "@remix-run/react";
import { ShopDate } from "./ShopDate";
import { RETURN_STATUS_LABELS, returnActionsFor, type ReturnAction, type ReturnStatus } from "~/lib/returns";
import { lineName } from "~/lib/variants";

export type ReturnView = {
  id: string;
  status: ReturnStatus;
  reason: string;
  createdAt: string | Date;
  lines: { orderLineId: string; quantity: number }[];
};

type LineView = { id: string; name: string; variantTitle: string | null };

const ACTION_LABELS: Record<ReturnAction, { label: string; style: string }> = {
  approve: { label: "Approve", style: "btn-outline-primary" },
  reject: { label: "Reject", style: "btn-outline-danger" },
  receive: { label: "Mark received", style: "btn-outline-primary" },
  refund: { label: "Refund the items", style: "btn-primary" },
};

/** An order's returns: what was asked back, why, where it stands; for the admin, the next steps as buttons. */
export function OrderReturns({
  returns,
  lines,
  admin = false,
}: {
  returns: ReturnView[];
  lines: LineView[];
  admin?: boolean;
}) {
  const nameOf = (id: string) => {
    const line = lines.find((l) => l.id === id);
    return line ? lineName(line.name, line.variantTitle) : "An item";
  };
  return (
    <section aria-labelledby="returns-heading">
      <h2 id="returns-heading" className="h4 my-3">
        Returns
      </h2>
      <ul className="list-unstyled">
        {returns.map((ret) => (
          <li key={ret.id} className="border rounded p-2 mb-2" data-testid="order-return">
            <p className="mb-1">
              <b>{ret.lines.map((l) => `${l.quantity} × ${nameOf(l.orderLineId)}`).join(", ")}</b> —{" "}
              <span data-testid="return-status">{RETURN_STATUS_LABELS[ret.status]}</span>
            </p>
            <p className="mb-1 small">
              Asked <ShopDate at={ret.createdAt} time />: {ret.reason}
            </p>
            {admin && returnActionsFor(ret.status).length ? (
              <Form method="post" className="d-flex flex-wrap gap-2">
                <input type="hidden" name="returnId" value={ret.id} />
                {returnActionsFor(ret.status).map((action) => (
                  <button
                    key={action}
                    type="submit"
                    name="returnAction"
                    value={action}
                    className={`btn btn-sm ${ACTION_LABELS[action].style}`}
                  >
                    {ACTION_LABELS[action].label}
                  </button>
                ))}
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
