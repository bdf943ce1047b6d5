import { addressLines } from "~/lib/address";
import { discountLabel } from "~/lib/discounts";
import { centsToDollars } from "~/lib/money";
import { formatOrderNumber } from "~/lib/order-number";
import type { OrderWithLines } from "~/models/orders.server";
import { toCsv } from "./csv.server";
import { lineName } from "~/lib/variants";

const COLUMNS = [
  "Order",
  "Order ID",
  "Date",
  "Buyer",
  "Email",
  "Items",
  "Item names",
  "Address",
  "Discount",
  "Discount codes",
  "Shipping",
  "Tax",
  "Amount",
  "Status",
];

const dollars = (cents: number) => centsToDollars(cents).toFixed(2);

/**
 * The admin's orders as CSV, one order a row: the lines in one cell ("2 × Laptop X; 1 × Mouse"),
 * the address as written on the parcel on one line, the e-mail of the buyer's account (empty
 * once deleted).
 */
export function ordersCsv(list: OrderWithLines[]): string {
  return toCsv(
    COLUMNS,
    list.map((order) => [
      formatOrderNumber(order.orderNumber),
      order.id,
      order.createdAt.toISOString(),
      order.userName,
      order.buyer?.email ?? "",
      order.lines.reduce((sum, line) => sum + line.quantity, 0),
      order.lines.map((line) => `${line.quantity} × ${lineName(line.name, line.variantTitle)}`).join("; "),
      addressLines(order).join(", "),
      dollars(order.discountCents),
      order.discounts.map(discountLabel).join("; "),
      dollars(order.shippingPriceCents),
      dollars(order.taxPriceCents),
      dollars(order.totalPriceCents),
      order.orderStatus,
    ]),
  );
}
