// Order numbers are sequential, from 1001, shown as "#1001" (as Shopify does): short enough to read
// out on the phone, no letters to confuse (O/0, l/1), and they grow with time, so an admin can tell
// at a glance which order is older. They show how many checkouts a shop has had, which a small shop
// can live with. Every checkout gets one when its stock is reserved, so abandoned checkouts leave
// gaps in the numbers shoppers see.

export const FIRST_ORDER_NUMBER = 1001;

export const formatOrderNumber = (orderNumber: number) => `#${orderNumber}`;

/** The order number a search text names ("1001" or "#1001"), if it is one. */
export function parseOrderNumber(text: string): number | null {
  const match = /^\s*#?\s*(\d{1,15})\s*$/.exec(text);
  return match ? Number(match[1]) : null;
}

/** How an invoice's number is written: "INV-00042" (app/models/orders/invoices.server.ts gives them). */
export const formatInvoiceNumber = (invoiceNumber: number) => `INV-${String(invoiceNumber).padStart(5, "0")}`;
