import { useMoney } from "~/lib/use-money";
import { ShopDate } from "./ShopDate";
import { REFUND_SOURCE, REFUND_STATUS } from "~/lib/refunds";
import { lineName } from "~/lib/variants";

export type RefundView = {
  id: string;
  amountCents: number;
  reason: string;
  restock: boolean;
  source: string;
  status: string;
  createdByName: string | null;
  createdAt: string | Date;
  lines: { orderLineId: string; quantity: number }[];
};

type LineView = { id: string; name: string; variantTitle: string | null };

const STATUS_WORDS: Record<string, string> = {
  [REFUND_STATUS.pending]: "Pending",
  [REFUND_STATUS.succeeded]: "Refunded",
  [REFUND_STATUS.failed]: "Failed",
};

/** An order's refunds: when, how much, why, by whom, and which items (back in stock or not). */
export function OrderRefunds({ refunds, lines }: { refunds: RefundView[]; lines: LineView[] }) {
  const formatMoney = useMoney();
  const nameOf = (id: string) => {
    const line = lines.find((l) => l.id === id);
    return line ? lineName(line.name, line.variantTitle) : "An item";
  };
  return (
    <>
      <h2 className="h4 my-3">Refunds</h2>
      <div className="table-responsive">
        <table className="table table-sm" data-testid="order-refunds">
          <caption className="visually-hidden">Refunds of this order</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col" className="text-end">
                Amount
              </th>
              <th scope="col">Reason</th>
              <th scope="col">Items</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {refunds.map((refund) => (
              <tr key={refund.id} data-testid="order-refund">
                <td>
                  <ShopDate at={refund.createdAt} />
                </td>
                <td className="text-end">{formatMoney(refund.amountCents)}</td>
                <td>
                  {refund.reason}
                  {refund.source === REFUND_SOURCE.provider ? null : refund.createdByName ? (
                    <span className="text-muted small"> ({refund.createdByName})</span>
                  ) : null}
                </td>
                <td>
                  {refund.lines.length
                    ? refund.lines.map((l) => `${l.quantity} × ${nameOf(l.orderLineId)}`).join(", ")
                    : "—"}
                  {refund.restock ? <span className="text-muted small"> (back in stock)</span> : null}
                </td>
                <td>{STATUS_WORDS[refund.status] ?? refund.status}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
