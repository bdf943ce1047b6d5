import type { NotifiedStatus } from "~/emails/OrderStatusChanged";
import type { Mail } from "./email.server";
import type { DaySummary } from "~/emails/DailySummary";
import type { ReturnNews } from "~/emails/ReturnUpdate";
import type { BackInStockNews } from "~/emails/BackInStock";
import type { BackInStockConfirmNews } from "~/emails/BackInStockConfirm";
import type { LowStockNews } from "~/emails/LowStock";
import type { CartReminderNews } from "~/emails/CartReminder";
import {
  backInStockMail,
  backInStockConfirmMail,
  cartReminderMail,
  confirmEmailMail,
  emailChangedMail,
  lowStockMail,
  dailySummaryMail,
  newOrderMail,
  orderConfirmationMail,
  orderStatusMail,
  refundMail,
  returnMail,
  type RefundNews,
  welcomeMail,
  type MailOrder,
  type Recipient,
} from "./mail-messages.server";

/**
 * A mail to compose and send, as plain data: it is kept in the mail outbox (mail-outbox.server.ts)
 * and crosses to the mail thread. A new kind of mail adds its case here and in composeJob.
 */
export type MailJob =
  | { kind: "orderConfirmation"; order: MailOrder; buyer: Recipient }
  | { kind: "orderStatus"; order: MailOrder; buyer: Recipient; status: NotifiedStatus }
  | { kind: "welcome"; user: { email: string; googleSignIn: boolean } }
  | { kind: "newOrder"; order: MailOrder; buyer: { name: string; email: string | null }; to: string }
  | { kind: "dailySummary"; summary: DaySummary; to: string }
  | { kind: "refund"; refund: RefundNews; buyer: Recipient }
  | { kind: "returnUpdate"; news: ReturnNews; buyer: Recipient }
  | { kind: "backInStock"; news: BackInStockNews; to: string }
  | { kind: "backInStockConfirm"; news: BackInStockConfirmNews; to: string }
  | { kind: "lowStock"; news: LowStockNews; to: string }
  | { kind: "cartReminder"; news: CartReminderNews; to: string }
  | { kind: "emailChanged"; to: string; newEmail: string }
  | { kind: "emailProof"; to: string; link: string; validHours: number };

/** A job as the outbox sends it: with the Message-ID that every try of it carries (see mail-outbox.server.ts). */
export type OutboxJob = MailJob & { messageId?: string };

export async function composeJob(job: OutboxJob): Promise<Mail> {
  const mail = await composeMail(job);
  return job.messageId ? { ...mail, messageId: job.messageId } : mail;
}

function composeMail(job: MailJob): Promise<Mail> {
  switch (job.kind) {
    case "orderConfirmation":
      return orderConfirmationMail(job.order, job.buyer);
    case "orderStatus":
      return orderStatusMail(job.order, job.buyer, job.status);
    case "welcome":
      return welcomeMail(job.user);
    case "newOrder":
      return newOrderMail(job.order, job.buyer, job.to);
    case "dailySummary":
      return dailySummaryMail(job.summary, job.to);
    case "refund":
      return refundMail(job.refund, job.buyer);
    case "returnUpdate":
      return returnMail(job.news, job.buyer);
    case "backInStock":
      return backInStockMail(job.news, job.to);
    case "backInStockConfirm":
      return backInStockConfirmMail(job.news, job.to);
    case "lowStock":
      return lowStockMail(job.news, job.to);
    case "cartReminder":
      return cartReminderMail(job.news, job.to);
    case "emailChanged":
      return emailChangedMail(job.to, job.newEmail);
    case "emailProof":
      return confirmEmailMail(job.to, job.link, job.validHours);
  }
}
