import { addressLines } from "~/lib/address";
import { discountLabel } from "~/lib/discounts";
import { centsToDollars } from "~/lib/money";
import { formatInvoiceNumber, formatOrderNumber } from "~/lib/order-number";
import { fulfilmentLabel } from "~/lib/order-states";
import { orderNet, orderPaymentLabel } from "~/lib/refunds";
import type { OrderWithLines } from "~/models/orders";
import { toCsv } from "./csv.server";
import { lineName } from "~/lib/variants";

const COLUMNS = [
  "Order",
  "Order ID",
  "Invoice",
  "Date",
  "Paid at",
  "Buyer",
  "Email",
  "Items",
  "Item names",
  "Address",
  "Currency",
  "Subtotal",
  "Discount",
  "Discount codes",
  "Shipping",
  "Tax",
  "Tax included in prices",
  "Paid",
  "Refunded",
  "Net",
  "Payment",
  "Status",
];

const amount = (cents: number) => centsToDollars(cents).toFixed(2);

/**
 * The admin's orders as CSV, one order a row, for the books: amounts as plain numbers in the order's
 * own currency (its column), paid, refunded and net as the dashboard counts revenue (lib/refunds.ts
 * orderNet: their net adds up to the dashboard's total per currency), the payment and the status as
 * the order list writes them. The lines in one cell ("2 × Laptop X; 1 × Mouse"), the address as
 * written on the parcel on one line, the buyer's e-mail (an account's as it is now, a guest's as given).
 */
export function ordersCsv(list: OrderWithLines[]): string {
  return toCsv(
    COLUMNS,
    list.map((order) => {
      const { paidCents, refundedCents, netCents } = orderNet(order);
      return [
        formatOrderNumber(order.orderNumber),
        order.id,
        order.invoiceNumber === null ? "" : formatInvoiceNumber(order.invoiceNumber),
        order.createdAt.toISOString(),
        order.paidAt?.toISOString() ?? "",
        order.userName,
        order.buyer?.email ?? order.guestEmail ?? "",
        order.lines.reduce((sum, line) => sum + line.quantity, 0),
        order.lines.map((line) => `${line.quantity} × ${lineName(line.name, line.variantTitle)}`).join("; "),
        addressLines(order).join(", "),
        order.currency,
        amount(order.itemsPriceCents),
        amount(order.discountCents),
        order.discounts.map(discountLabel).join("; "),
        amount(order.shippingPriceCents),
        amount(order.taxPriceCents),
        order.taxIncluded ? "yes" : "no",
        amount(paidCents),
        amount(refundedCents),
        amount(netCents),
        orderPaymentLabel(order),
        fulfilmentLabel(order),
      ];
    }),
  );
}
