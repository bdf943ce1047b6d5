import { lineName } from "~/lib/variants";

type Line = {
  id: string;
  name: string;
  variantTitle: string | null;
  sku?: string | null;
  quantity: number;
  priceCents: number;
};

/** An order's lines for paper (receipt, invoice): item, quantity, unit price and amount, in the order's money. */
export function OrderLinesTable({
  lines,
  formatMoney,
  testId,
  withSku = false,
}: {
  lines: Line[];
  formatMoney: (cents: number) => string;
  testId: string;
  withSku?: boolean;
}) {
  return (
    <div className="table-responsive">
      <table className="table table-sm">
        <caption className="visually-hidden">Items</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col" className="text-end">
              Qty
            </th>
            <th scope="col" className="text-end">
              Unit price
            </th>
            <th scope="col" className="text-end">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.id} data-testid={testId}>
              <td>
                {lineName(line.name, line.variantTitle)}
                {withSku && line.sku ? <span className="text-muted small"> · SKU {line.sku}</span> : null}
              </td>
              <td className="text-end">{line.quantity}</td>
              <td className="text-end">{formatMoney(line.priceCents)}</td>
              <td className="text-end">{formatMoney(line.priceCents * line.quantity)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
