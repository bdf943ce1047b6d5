import fs from "node:fs/promises";
import path from "node:path";
import { newId } from "~/db/ids";
import nodemailer from "nodemailer";
import { config } from "~/config.server";

/** One message: nodemailer sends `html` and `text` as the two parts of a multipart/alternative. */
export type Mail = { to: string; subject: string; text: string; html: string };

// nodemailer over SMTP when SMTP_URL is set; otherwise each message is rendered to an .eml file
// in the outbox folder, so a self-hoster without a mail server can still read it.
const transport = config.smtpUrl
  ? nodemailer.createTransport(config.smtpUrl)
  : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });

export async function sendMail(mail: Mail): Promise<void> {
  const info = await transport.sendMail({ from: config.mailFrom, ...mail });
  if (config.smtpUrl) return;
  await fs.mkdir(config.outboxDir, { recursive: true });
  const file = path.join(config.outboxDir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${newId()}.eml`);
  await fs.writeFile(file, (info as unknown as { message: Buffer }).message);
  const firstLink = mail.text.match(/https?:\/\/\S+/)?.[0];
  console.log(`Mail "${mail.subject}" to ${mail.to} saved in ${file}${firstLink ? ` (link: ${firstLink})` : ""}`);
}

/**
 * Composes and sends a mail after the current request has been answered; nobody waits for it and
 * a failure is only logged (`what` names the mail in the log). Settles when done, for tests.
 */
export function sendMailLater(what: string, compose: () => Promise<Mail | null>): Promise<void> {
  return new Promise<void>((resolve) => setImmediate(resolve))
    .then(compose)
    .then((mail) => (mail ? sendMail(mail) : undefined))
    .catch((error) => console.error(`Could not send ${what}:`, error));
}
