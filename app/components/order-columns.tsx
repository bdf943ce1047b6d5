import { createColumnHelper, type ColumnDef } from "@tanstack/react-table";
import type { ReactNode } from "react";
import { Money } from "./Money";
import { moneyFormatOf } from "~/lib/money";
import { formatOrderNumber } from "~/lib/order-number";
import { fulfilmentLabel } from "~/lib/order-states";
import { orderPaymentLabel } from "~/lib/refunds";
import { ShopDate } from "./ShopDate";
import { WIDE_ONLY } from "./DataTable";
import { OrderStatus } from "./OrderStatus";

export type OrderRow = {
  id: string;
  orderNumber: number;
  createdAt: string | Date;
  numOfItems: number;
  totalPriceCents: number;
  /** The currency and locale the order was paid in. */
  currency: string;
  locale: string;
  orderStatus: string;
  cancelledAt?: string | Date | null;
  itemNames?: string[];
  /** The admin's list: who bought it, and how its payment stands. */
  customerName?: string;
  customerEmail?: string | null;
  paymentStatus?: string;
  refundedCents?: number;
};

const column = createColumnHelper<OrderRow>();

/**
 * Order ID (the order's number), date, number of items (and their names when the rows carry them),
 * Amount (in the order's currency), Status, and the page's own actions. The admin's list (`admin`)
 * adds the customer, the payment state and what was refunded, and keeps the date and amount on a
 * phone, hiding these instead.
 */
export function orderColumns(actions: (row: OrderRow) => ReactNode, { itemNames = false, admin = false } = {}) {
  const phone = admin ? {} : WIDE_ONLY;
  return [
    // "Order ID", as the specification names the column: the number people say ("#1001"), not the
    // database's id.
    column.accessor("orderNumber", { header: "Order ID", cell: (c) => formatOrderNumber(c.getValue()) }),
    column.accessor("createdAt", { header: "Date", cell: (c) => <ShopDate at={c.getValue()} />, meta: phone }),
    ...(admin
      ? [
          column.display({
            id: "customer",
            header: "Customer",
            cell: (c) => (
              <span data-testid="order-customer">
                {c.row.original.customerName}
                {c.row.original.customerEmail ? (
                  <>
                    <br />
                    <small className="text-body-secondary">{c.row.original.customerEmail}</small>
                  </>
                ) : null}
              </span>
            ),
            meta: WIDE_ONLY,
          }),
        ]
      : []),
    column.accessor("numOfItems", { header: "Number of items", meta: WIDE_ONLY }),
    ...(itemNames
      ? [
          column.accessor((row) => row.itemNames?.join(", ") ?? "", {
            id: "itemNames",
            header: "Items",
            cell: (c) => <span data-testid="item-names">{c.getValue()}</span>,
          }),
        ]
      : []),
    column.accessor("totalPriceCents", {
      id: "totalPrice",
      header: "Amount",
      cell: (c) => <Money cents={c.getValue()} format={moneyFormatOf(c.row.original)} />,
      meta: phone,
    }),
    ...(admin
      ? [
          column.display({
            id: "payment",
            header: "Payment",
            cell: (c) => (
              <span data-testid="order-payment">
                {orderPaymentLabel({
                  paymentStatus: c.row.original.paymentStatus ?? "",
                  totalPriceCents: c.row.original.totalPriceCents,
                  refundedCents: c.row.original.refundedCents ?? 0,
                  cancelledAt: c.row.original.cancelledAt ?? null,
                })}
              </span>
            ),
            meta: WIDE_ONLY,
          }),
          column.display({
            id: "refunded",
            header: "Refunded",
            cell: (c) => (
              <span data-testid="order-refunded">
                {c.row.original.refundedCents ? (
                  <Money cents={c.row.original.refundedCents} format={moneyFormatOf(c.row.original)} />
                ) : (
                  "—"
                )}
              </span>
            ),
            meta: WIDE_ONLY,
          }),
        ]
      : []),
    column.accessor("orderStatus", {
      header: "Status",
      cell: (c) => (
        <OrderStatus
          status={fulfilmentLabel({ orderStatus: c.getValue(), cancelledAt: c.row.original.cancelledAt ?? null })}
        />
      ),
      meta: admin ? WIDE_ONLY : undefined,
    }),
    column.display({ id: "actions", header: "Actions", cell: (c) => actions(c.row.original) }),
  ] as ColumnDef<OrderRow, unknown>[];
}
