// The mail domain's face (sending mail: the outbox, the mail thread, composing each message, opt-outs): other
// domains and the outer layers import only this file; inside the domain, modules import each other.

export { drainMails, type Mail, sendMail } from "./email.server";
export { composeJob, type MailJob } from "./mail-jobs.server";
export {
  finishRegistrationMail,
  isNotifiedStatus,
  type MailOrder,
  mailOrderOf,
  orderConfirmationMail,
  passwordResetMail,
  type Recipient,
  registrationAttemptMail,
} from "./mail-messages.server";
export {
  isOptedOut,
  optBackIn,
  optOut,
  optOutWithToken,
  readUnsubscribeToken,
  unsubscribeToken,
  unsubscribeUrl,
} from "./mail-opt-outs.server";
export {
  type MailQueuedMessage,
  outboxRow,
  type QueuedMail,
  queueMail,
  releaseClaimsOfDeadProcesses,
  resendMailsOf,
  sendQueued,
  sendQueuedBy,
  sweepOutbox,
} from "./mail-outbox.server";
export { composeMailsInProcess, startMailThread } from "./mail-thread.server";
