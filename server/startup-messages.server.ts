import type { Config } from "~/config.server";

type Settings = Pick<Config, "shopName" | "port" | "publicUrl" | "smtpUrl" | "outboxDir">;

/**
 * Why the shop may not start without SESSION_SECRET, or null. On SQLite start-up keeps a generated
 * secret beside the database file; nodes sharing a PostgreSQL database share no folder, and each
 * must accept the cookies and tokens the others signed.
 */
export function missingSessionSecret(
  settings: Pick<Config, "databaseEngine" | "sessionSecretFromEnv" | "stripe">,
): string | null {
  if (settings.sessionSecretFromEnv) return null;
  if (settings.databaseEngine === "pg")
    return "SESSION_SECRET: must be set when DATABASE_URL is PostgreSQL, the same on every node (make one with `openssl rand -hex 32`).";
  if (settings.stripe.sandboxUrl)
    return "SESSION_SECRET: must be set with STRIPE_SANDBOX_URL, the same for the sandbox and every node (the sandbox's keys are derived from it).";
  return null;
}

/** The start log's last line: the address shoppers use (PUBLIC_URL), and the port when it differs. */
export function readyMessage(settings: Settings, workers = 1): string {
  const processes = workers > 1 ? ` (${workers} worker processes)` : "";
  const url = new URL(settings.publicUrl);
  const listensThere =
    (url.hostname === "localhost" || url.hostname === "127.0.0.1") && url.port === String(settings.port);
  const port = listensThere ? "" : `, listening on port ${settings.port}`;
  return `${settings.shopName} is ready at ${settings.publicUrl}${port}${processes}`;
}

/** Where the shop's mails go: the SMTP server (credentials left out), or the outbox folder. */
export function mailMessage(settings: Settings): string {
  if (settings.smtpUrl) {
    const smtp = new URL(settings.smtpUrl);
    return `Mail: sent through ${smtp.protocol}//${smtp.host} (SMTP_URL).`;
  }
  return `Mail: no SMTP_URL, so mails are saved in ${settings.outboxDir} and their links logged here.`;
}
