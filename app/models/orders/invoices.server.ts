import { eq, sql } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { lockName } from "~/db/dialect";
import { orders } from "~/db/schema";
import { getShopSettings } from "~/models/settings";

// Invoice numbers: one per paid order, in sequence over the shop's paid orders (1, 2, 3, …), without
// gaps, as tax offices ask. A number is given in the transaction that marks the order paid, computed
// in the statement itself while the lock below is held (on SQLite, whose writes are one at a time, the
// lock is a no-op), so that a payment rolled back gives its number back.

const INVOICE_NUMBERS = "invoice-numbers";

/** The next invoice number, as an expression for the UPDATE or INSERT that marks an order paid. */
export const nextInvoiceNumber = () =>
  sql<number>`(SELECT COALESCE(MAX(${orders.invoiceNumber}) + 1, 1) FROM ${orders})`;

/** Taken before the statement that numbers an order; held until its transaction ends. */
export const lockInvoiceNumbers = (tx: Tx) => lockName(tx, INVOICE_NUMBERS);

/** Numbers an order written paid at once (a client that paid before its order existed). */
export async function numberInvoice(tx: Tx, orderId: string): Promise<number> {
  await lockInvoiceNumbers(tx);
  const [row] = await tx
    .update(orders)
    .set({ invoiceNumber: nextInvoiceNumber() })
    .where(eq(orders.id, orderId))
    .returning({ invoiceNumber: orders.invoiceNumber });
  return row.invoiceNumber!;
}

/** Who sells, as an invoice names them: the legal name (else the shop's), its address and tax number. */
export type Seller = { name: string; address: string; taxId: string; email: string };

/** The seller an invoice names, from the owner's settings (admin → Settings) when it is shown. */
export async function invoiceSeller(): Promise<Seller> {
  const settings = await getShopSettings();
  return {
    name: settings.legalName || settings.name,
    address: settings.contactAddress,
    taxId: settings.taxId,
    email: settings.contactEmail,
  };
}
