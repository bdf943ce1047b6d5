import { createColumnHelper, type ColumnDef } from "@tanstack/react-table";
import type { ReactNode } from "react";
import { formatMoney } from "~/lib/money";
import { WIDE_ONLY } from "./DataTable";
import { OrderStatus } from "./OrderStatus";
import { ShortId } from "./ShortId";

export type OrderRow = { id: string; numOfItems: number; totalPriceCents: number; orderStatus: string };

const column = createColumnHelper<OrderRow>();

/** Order ID, items, Amount, Status (green when Delivered), and the page's own actions. */
export function orderColumns(itemsHeader: string, actions: (row: OrderRow) => ReactNode) {
  return [
    column.accessor("id", { header: "Order ID", cell: (c) => <ShortId id={c.getValue()} /> }),
    column.accessor("numOfItems", { header: itemsHeader, meta: WIDE_ONLY }),
    column.accessor("totalPriceCents", { id: "totalPrice", header: "Amount", cell: (c) => formatMoney(c.getValue()), meta: WIDE_ONLY }),
    column.accessor("orderStatus", { header: "Status", cell: (c) => <OrderStatus status={c.getValue()} /> }),
    column.display({ id: "actions", header: "Actions", cell: (c) => actions(c.row.original) }),
  ] as ColumnDef<OrderRow, unknown>[];
}
