import { createColumnHelper, type ColumnDef } from "@tanstack/react-table";
import type { ReactNode } from "react";
import { Money } from "./Money";
import { formatOrderNumber } from "~/lib/order-number";
import { fulfilmentLabel } from "~/lib/order-states";
import { ShopDate } from "./ShopDate";
import { WIDE_ONLY } from "./DataTable";
import { OrderStatus } from "./OrderStatus";

export type OrderRow = {
  id: string;
  orderNumber: number;
  createdAt: string | Date;
  numOfItems: number;
  totalPriceCents: number;
  orderStatus: string;
  cancelledAt?: string | Date | null;
  itemNames?: string[];
};

const column = createColumnHelper<OrderRow>();

/**
 * Order ID (the order's number), date, number of items (and their names when the rows carry them), Amount,
 * Status, and the page's own actions.
 */
export function orderColumns(actions: (row: OrderRow) => ReactNode, { itemNames = false } = {}) {
  return [
    // "Order ID", as the specification names the column: the number people say ("#1001"), not the
    // database's id.
    column.accessor("orderNumber", { header: "Order ID", cell: (c) => formatOrderNumber(c.getValue()) }),
    column.accessor("createdAt", { header: "Date", cell: (c) => <ShopDate at={c.getValue()} />, meta: WIDE_ONLY }),
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
      cell: (c) => <Money cents={c.getValue()} />,
      meta: WIDE_ONLY,
    }),
    column.accessor("orderStatus", {
      header: "Status",
      cell: (c) => (
        <OrderStatus
          status={fulfilmentLabel({ orderStatus: c.getValue(), cancelledAt: c.row.original.cancelledAt ?? null })}
        />
      ),
    }),
    column.display({ id: "actions", header: "Actions", cell: (c) => actions(c.row.original) }),
  ] as ColumnDef<OrderRow, unknown>[];
}
