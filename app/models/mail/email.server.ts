import fs from "node:fs/promises";
import path from "node:path";
import { newId } from "~/db/ids";
import nodemailer from "nodemailer";
import { config } from "~/config.server";
import { processWide } from "~/lib/process-wide.server";

/**
 * One message: nodemailer sends `html` and `text` as the two parts of a multipart/alternative. A
 * `messageId` (`<…@…>`) is given when a message may be sent twice, so that both copies are one message.
 */
export type Mail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId?: string;
  /** Extra headers, e.g. List-Unsubscribe on the mails a shopper asked for (RFC 2369, RFC 8058). */
  headers?: Record<string, string>;
};

// nodemailer over SMTP when SMTP_URL is set; otherwise each message is rendered to an .eml file
// in the outbox folder, so a self-hoster without a mail server can still read it.
const transport = config.smtpUrl
  ? nodemailer.createTransport(config.smtpUrl)
  : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });

export async function sendMail(mail: Mail): Promise<void> {
  const info = await transport.sendMail({ from: config.mailFrom, ...mail });
  if (config.smtpUrl) return;
  const file = path.join(config.outboxDir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${newId()}.eml`);
  await writeCreatingFolder(file, (info as unknown as { message: Buffer }).message);
  const firstLink = mail.text.match(/https?:\/\/\S+/)?.[0];
  // Marked to stand out among the access log's lines: README sends people here for the links.
  console.log(`==> Mail "${mail.subject}" to ${mail.to} saved in ${file}${firstLink ? ` (link: ${firstLink})` : ""}`);
}

/** Writes the file, creating its folder when it is missing (rather than asking for the folder before every mail). */
async function writeCreatingFolder(file: string, data: Buffer) {
  try {
    await fs.writeFile(file, data);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, data);
  }
}

// Every mail not yet sent (in this process or on its mail thread, the outbox's included), so that a stopping server
// waits for them (drainMails) instead of dropping them. Process-wide: server.ts drains with its own
// copy of this module, the Remix build sends with another.
const unsent = processWide("unsentMails", () => new Set<Promise<void>>());

/** Counts a mail as unsent until `sending` settles; gives `sending` back. */
export function trackMail(sending: Promise<void>): Promise<void> {
  unsent.add(sending);
  void sending.finally(() => unsent.delete(sending));
  return sending;
}

/** Settles once every mail asked for so far (and any asked for meanwhile) is sent or has failed, or after `timeoutMs`. */
export async function drainMails(timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (unsent.size && Date.now() < deadline) {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, deadline - Date.now())));
    await Promise.race([Promise.allSettled([...unsent]), timeout]);
    clearTimeout(timer);
  }
}
