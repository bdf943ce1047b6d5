import type { Tx } from "~/db/client.server";
import type { NotifiedStatus } from "~/emails/OrderStatusChanged";
import { mailOrderOf, queueMail, sendQueued, type QueuedMail } from "~/models/mail";
import type { ShopSettings } from "~/lib/shop-settings";
import { ownerMailRecipients } from "~/models/settings";
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

/**
 * The mails a paid order brings, queued in the transaction that marks it paid: the buyer's
 * confirmation (queueOrderMail) and, when the owner wants them, a new-order mail to each of the
 * owner's recipients (shop-settings.server.ts), each once. Send each after the commit: sendQueued.
 *
 * `settings` is read by the caller before its transaction: on PostgreSQL a read through the pool
 * inside a transaction waits for a second connection, and with every connection held by such a
 * transaction none is ever freed (the two-node kill test saw the shop stop answering).
 */
export async function queuePaidOrderMails(tx: Tx, orderId: string, settings: ShopSettings): Promise<QueuedMail[]> {
  const queued = [await queueOrderMail(tx, orderId, { kind: "orderConfirmation" })];
  const recipients = settings.newOrderMails ? await ownerMailRecipients(tx, settings) : [];
  const order = recipients.length ? await getOrder(orderId, tx) : null;
  if (order) {
    const about = { order: mailOrderOf(order), buyer: order.buyer ?? { name: order.userName, email: null } };
    for (const to of recipients)
      queued.push(await queueMail(tx, { key: `newOrder:${orderId}:${to}`, job: { kind: "newOrder", ...about, to } }));
  }
  return queued.filter((mail) => mail !== null);
}

/** Sends what queuePaidOrderMails queued, one after another. */
export async function sendAllQueued(mails: readonly QueuedMail[]): Promise<void> {
  for (const mail of mails) await sendQueued(mail);
}
