import pg from "pg";
import { config } from "~/config.server";

const WAIT_MS = 15_000;
const RETRY_MS = 500;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function describe(error: unknown, url: URL): { line: string; retry: boolean } {
  const { code, message } = error as { code?: string; message?: string };
  const at = `${url.hostname}:${url.port || 5432}`;
  const database = decodeURIComponent(url.pathname.slice(1)) || decodeURIComponent(url.username);
  switch (code) {
    case "ECONNREFUSED":
      return { line: `nothing answers at ${at} (connection refused): is PostgreSQL running there?`, retry: true };
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return { line: `the host "${url.hostname}" is not known.`, retry: code === "EAI_AGAIN" };
    case "28P01":
    case "28000":
      return {
        line: `PostgreSQL at ${at} refused the user "${decodeURIComponent(url.username)}": ${message}.`,
        retry: false,
      };
    case "3D000":
      return {
        line: `the database "${database}" does not exist at ${at} (create it first: createdb ${database}).`,
        retry: false,
      };
    case "57P03":
      return { line: `PostgreSQL at ${at} is starting up.`, retry: true };
    default:
      if (/timeout/i.test(message ?? "")) return { line: `${at} did not answer in time.`, retry: true };
      return { line: `${at}: ${message ?? String(error)}`, retry: false };
  }
}

/**
 * Why the database DATABASE_URL names cannot be used, in one line (null when it answers). A server
 * that refuses connections is given a few seconds (a database starting beside the shop).
 */
export async function whyUnreachable(): Promise<string | null> {
  const url = new URL(config.databaseUrl);
  const since = Date.now();
  let said = false;
  for (;;) {
    const client = new pg.Client({ connectionString: config.databaseUrl, connectionTimeoutMillis: 5_000 });
    client.on("error", () => {});
    try {
      await client.connect();
      await client.query("SELECT 1");
      return null;
    } catch (error) {
      const { line, retry } = describe(error, url);
      if (!retry || Date.now() - since > WAIT_MS) return `DATABASE_URL: ${line}`;
      if (!said) console.log(`Waiting for the database: ${line}`);
      said = true;
      await pause(RETRY_MS);
    } finally {
      await client.end().catch(() => {});
    }
  }
}
