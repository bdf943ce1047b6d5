import type { NotifiedStatus } from "~/emails/OrderStatusChanged";
import type { Mail } from "./email.server";
import {
  orderConfirmationMail,
  orderStatusMail,
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
  | { kind: "welcome"; user: { email: string; googleSignIn: boolean } };

export function composeJob(job: MailJob): Promise<Mail> {
  switch (job.kind) {
    case "orderConfirmation":
      return orderConfirmationMail(job.order, job.buyer);
    case "orderStatus":
      return orderStatusMail(job.order, job.buyer, job.status);
    case "welcome":
      return welcomeMail(job.user);
  }
}
