import { discountLabel, type DiscountKind } from "~/lib/discounts";
import { taxLabel } from "~/lib/pricing";
import { mailStyles } from "./styles";
import { lineName } from "~/lib/variants";

/** What the mails about an order show of it. */
export type MailedOrder = {
  orderNumber: number;
  // variantTitle: absent from mails queued before variants existed.
  lines: { name: string; variantTitle?: string | null; quantity: number; priceCents: number }[];
  itemsPriceCents: number;
  shippingPriceCents: number;
  taxPriceCents: number;
  totalPriceCents: number;
  // Absent from mails queued before shipping and tax were the owner's data.
  shippingMethod?: string | null;
  taxName?: string | null;
  taxRateBp?: number | null;
  taxIncluded?: boolean;
  // Absent from mails queued before tax on shipping.
  taxOnShipping?: boolean;
  // Absent from mails queued before discounts.
  discounts?: { code: string | null; name: string; kind: DiscountKind; amountCents: number }[];
};

/** An order's lines and totals, as the buyer's confirmation and the owner's new-order mail show them. */
export function OrderTable({ order, formatMoney }: { order: MailedOrder; formatMoney: (cents: number) => string }) {
  const tax = taxLabel(
    order.taxName
      ? { name: order.taxName, rateBp: order.taxRateBp ?? null, onShipping: order.taxOnShipping ?? false }
      : null,
  );
  const discounts = order.discounts ?? [];
  const freeShipping = discounts.find((d) => d.kind === "free_shipping");
  const shippingNote = [order.shippingMethod, freeShipping ? `free with ${discountLabel(freeShipping)}` : null]
    .filter(Boolean)
    .join(", ");
  const totals: [string, number][] = [
    ["Subtotal", order.itemsPriceCents],
    ...discounts
      .filter((d) => d.kind !== "free_shipping")
      .map((d): [string, number] => [`Discount (${discountLabel(d)})`, -d.amountCents]),
    [shippingNote ? `Shipping (${shippingNote})` : "Shipping", order.shippingPriceCents],
    // A tax the prices include is part of the total, said after it.
    ...(order.taxIncluded ? [] : [[tax, order.taxPriceCents] as [string, number]]),
  ];
  return (
    <table data-text-format="dataTable" style={mailStyles.table} cellPadding={0} cellSpacing={0}>
      <thead>
        <tr>
          <th style={mailStyles.cell}>Item</th>
          <th style={mailStyles.number}>Qty</th>
          <th style={mailStyles.number}>Price</th>
        </tr>
      </thead>
      <tbody>
        {order.lines.map((line, i) => (
          <tr key={i}>
            <td style={mailStyles.cell}>{lineName(line.name, line.variantTitle)}</td>
            <td style={mailStyles.number}>{line.quantity}</td>
            <td style={mailStyles.number}>{formatMoney(line.priceCents)}</td>
          </tr>
        ))}
        {totals.map(([label, cents]) => (
          <tr key={label}>
            <td style={mailStyles.number} colSpan={2}>
              {`${label}:`}
            </td>
            <td style={mailStyles.number}>{formatMoney(cents)}</td>
          </tr>
        ))}
        <tr>
          <td style={mailStyles.total} colSpan={2}>
            Total paid:
          </td>
          <td style={mailStyles.total}>{formatMoney(order.totalPriceCents)}</td>
        </tr>
        {order.taxIncluded ? (
          <tr>
            <td style={mailStyles.number} colSpan={2}>
              {`Includes ${tax}:`}
            </td>
            <td style={mailStyles.number}>{formatMoney(order.taxPriceCents)}</td>
          </tr>
        ) : null}
      </tbody>
    </table>
  );
}
