import type { Tx } from "~/db/client.server";
import type { NotifiedStatus } from "~/emails/OrderStatusChanged";
import { mailOrderOf } from "./mail-messages.server";
import { queueMail, type QueuedMail } from "./mail-outbox.server";
import { getOrder } from "./orders.server";

/** Which mail about an order: its confirmation once paid, or the news of a status it reached. */
export type OrderMail = { kind: "orderConfirmation" } | { kind: "orderStatus"; status: NotifiedStatus };

const keyOf = (orderId: string, mail: OrderMail) =>
  mail.kind === "orderConfirmation" ? `orderConfirmation:${orderId}` : `orderStatus:${orderId}:${mail.status}`;

/**
 * Queues a mail to the buyer about an order, in the transaction that changes the order (the order
 * as it is there, in the mail): once per order and kind (and status), the mails of one order in
 * the order they were queued. Null when the order has no buyer to mail (the account is gone) or
 * the mail was queued already. Send it after the commit: sendQueued.
 */
export async function queueOrderMail(tx: Tx, orderId: string, mail: OrderMail): Promise<QueuedMail | null> {
  const order = await getOrder(orderId, tx);
  if (!order?.buyer) return null;
  return await queueMail(tx, {
    key: keyOf(orderId, mail),
    group: `order:${orderId}`,
    job: { ...mail, order: mailOrderOf(order), buyer: order.buyer },
  });
}
