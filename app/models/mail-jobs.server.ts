import type { Mail } from "./email.server";
import { orderConfirmationMail } from "./mail-messages.server";
import type { OrderWithLines } from "./orders.server";

/** A mail to compose and send off the request path, as plain data (it crosses to the mail thread). */
export type MailJob = {
  kind: "orderConfirmation";
  /** Names the mail in the log. */
  what: string;
  order: OrderWithLines;
  buyer: { name: string; email: string };
};

export function composeJob(job: MailJob): Promise<Mail> {
  switch (job.kind) {
    case "orderConfirmation":
      return orderConfirmationMail(job.order, job.buyer);
  }
}
