import { sql } from "drizzle-orm";
import pg from "pg";
import { config } from "~/config.server";
import { db } from "../../client.server";
import { listenerName } from "./listener-name";
import { rows } from "./raw";
import { processWide } from "~/lib/process-wide.server";

// The catalogue's version on PostgreSQL, known synchronously (the one check on every cache hit): a
// connection of its own LISTENs to the channel the version's trigger notifies at each commit
// (drizzle/pg), and this process keeps the last version it heard. While that connection is down the
// version is unknown: each call then answers a number never answered before, below zero, so no
// cache entry matches it and nothing cached is served.

const CHANNEL = "catalogue_version";
const RECONNECT_MS = 1_000;
// A connection can die without an end (a network that drops everything silently): the listening
// connection is asked `SELECT 1` every 2 s and, without an answer within 2 s, taken for lost. A
// node then serves nothing cached for at most about 4 s after such a fault.
const HEARTBEAT_MS = 2_000;
const HEARTBEAT_TIMEOUT_MS = 2_000;
export const READ_CATALOGUE_VERSION = "SELECT version FROM catalogue_version WHERE id = 1";

type Follower = { version: number; unknown: number; client: pg.Client | null; stopped: boolean; started: boolean };

const follower = processWide<Follower>("pgCatalogueVersion", () => ({
  version: -1,
  unknown: -1,
  client: null,
  stopped: false,
  started: false,
}));

/** Who waits for the version to be known (followCatalogueVersion's first callers). */
const waiting = new Set<() => void>();

function heard(version: number) {
  if (version > follower.version) follower.version = version;
  if (known()) for (const wake of waiting) wake();
}

async function follow(): Promise<void> {
  if (follower.stopped) return;
  const client = new pg.Client({
    connectionString: config.databaseUrl,
    application_name: listenerName(),
    connectionTimeoutMillis: HEARTBEAT_TIMEOUT_MS * 2,
  });
  follower.client = client;
  let heartbeat: NodeJS.Timeout | undefined;
  const lost = () => {
    // This connection's heartbeat stops with it, also when it ends by stopFollowingCatalogueVersion.
    clearInterval(heartbeat);
    if (follower.client !== client) return;
    follower.client = null;
    follower.version = -1;
    client.end().catch(() => {});
    if (!follower.stopped) setTimeout(() => void follow(), RECONNECT_MS).unref();
  };
  client.on("error", lost);
  client.on("end", lost);
  client.on("notification", (message) => {
    if (message.channel === CHANNEL && message.payload) heard(Number(message.payload));
  });
  try {
    await client.connect();
    // Listening before reading: a change committed in between is heard, not missed.
    await client.query(`LISTEN ${CHANNEL}`);
    const { rows } = await client.query<{ version: number }>(READ_CATALOGUE_VERSION);
    if (follower.client !== client) return;
    heard(Number(rows[0]?.version ?? 0));
    heartbeat = setInterval(() => {
      const deadline = setTimeout(lost, HEARTBEAT_TIMEOUT_MS);
      client.query("SELECT 1").then(
        () => clearTimeout(deadline),
        () => {
          clearTimeout(deadline);
          lost();
        },
      );
    }, HEARTBEAT_MS);
    heartbeat.unref();
  } catch {
    lost();
  }
}

/** Whether the version is known (its connection is up and has read it). */
const known = () => follower.client !== null && follower.version >= 0;

let ready: Promise<void> | undefined;

/** Starts following the version (once per process); settles once it is known, or after `timeoutMs`. */
export function followCatalogueVersion(timeoutMs = 5_000): Promise<void> {
  if (!follower.started) {
    follower.started = true;
    void follow();
  }
  ready ??= new Promise<void>((resolve) => {
    if (known()) return resolve();
    const wake = () => {
      waiting.delete(wake);
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(wake, timeoutMs);
    timer.unref();
    waiting.add(wake);
  });
  return ready;
}

/** The catalogue's version as this process last heard it; a fresh negative number while it is not known. */
export function catalogueVersion(): number {
  if (!follower.started) void followCatalogueVersion();
  return known() ? follower.version : --follower.unknown;
}

/** Whether the version is known (see catalogueVersion): only then is a committed version worth hearing. */
export const isCatalogueVersionKnown = known;

/**
 * After this process's own commit: the version as the database had it right after (read in the
 * COMMIT's own message, see pg-transaction.server.ts), so that what this process reads next is never
 * older than what it wrote. Others hear of it through the channel.
 */
export function heardCommitted(version: unknown): void {
  if (known() && version !== undefined && version !== null) heard(Number(version));
}

/**
 * Before a request of someone known (signed in, or with a cart): the version as the database has it
 * now. What they changed through another node a moment ago (a review, a price) is then never read
 * from before it, though this node may hear of it a few milliseconds later. One indexed read.
 */
export async function catchUpCatalogueVersion(): Promise<void> {
  if (!known()) return; // nothing cached is served meanwhile anyway
  const [row] = await rows<{ version: number | string }>(db, sql.raw(READ_CATALOGUE_VERSION));
  heardCommitted(row?.version);
}

/** Stops following (a script's or a test's end). */
export async function stopFollowingCatalogueVersion(): Promise<void> {
  follower.stopped = true;
  const client = follower.client;
  follower.client = null;
  await client?.end().catch(() => {});
}
