import cluster from "node:cluster";
import crypto from "node:crypto";
import os from "node:os";
import { and, asc, eq, gte, isNotNull, isNull, lt, lte, or, sql } from "drizzle-orm";
import { db, type Tx } from "~/db/client.server";
import { config } from "~/config.server";
import { commitTogether } from "~/db/commit.server";
import { lockName } from "~/db/dialect";
import { logServerError } from "~/models/platform";
import { mailOutbox } from "~/db/schema";
import { trackMail } from "./email.server";
import type { MailJob } from "./mail-jobs.server";
import { sendMailJob } from "./mail-thread.server";

// The mail outbox. A mail the shop promises (an order's confirmation, its Shipped notice) is a
// row written in the very transaction that makes the promise (queueMail), so it exists exactly
// when the promise does. After the commit the process that wrote it sends it at once, on its mail
// thread, and marks it sent. A row nobody sent (its process died, its SMTP server failed) is sent
// by the primary: when a worker exits, at start-up and every 15 s (server/startup.server.ts).
//
// A row is sent only by the process that CLAIMED it: claimed_by / claimed_until is a lease, taken
// by a conditional UPDATE that succeeds for one process only. The writer takes it in the writing
// transaction itself (one commit less per mail). So no mail is sent twice, except when a process
// dies between the SMTP server accepting a mail and the commit of its sent_at: that one is sent
// again (at-least-once; the window is one commit long), with the same Message-ID (messageIdOf).
//
// Mails of one group (an order's) go out one after the other in the order they were queued: a row
// is not claimed while an earlier row of its group is unsent, and whoever finishes a row claims
// the next one of its group in the same transaction. Plain Drizzle, no SQL of one engine: the
// PostgreSQL issue carries this table as it is.

/**
 * How long a claim holds unless its sender renews it: a node that dies (or hangs) while it holds a
 * mail leaves it to the others' sweep within a minute (the lease, then the 15 s sweep).
 */
export const LEASE_MS = 45_000;
/** How often a sender renews the claim of the mail it is sending (composing and SMTP may take a while). */
const RENEW_MS = 15_000;
/** How long the sweeper leaves a fresh row that its writer could not claim (an earlier mail of its group was unsent). */
const WRITER_GRACE_MS = 10_000;
/** Tries per mail, including a process dying while sending it: then it is given up, with a log line. */
export const MAX_ATTEMPTS = 6;
/** The wait before the next try after a failure: 30 s, 1, 2, 4, 8 min. */
const backoffMs = (attempts: number) => 30_000 * 2 ** Math.max(0, attempts - 1);
/** Sent (or given-up) rows are kept this long, to look into, then deleted by the sweeper. */
const KEEP_MS = 30 * 24 * 60 * 60_000;
const SWEEP_BATCH = 100;

/** Who holds a claim: this machine and a process id (unique among live processes of every node). */
export const claimerOf = (pid: number = process.pid) => `${os.hostname()}:${pid}`;

type Row = typeof mailOutbox.$inferSelect;

/** A row claimed by this process: what it sends. */
export type ClaimedMail = { id: number; key: string; group: string | null; attempts: number; job: MailJob };

/** What queueMail wrote; `claimed` when this process may send it right after the commit (sendQueued). */
export type QueuedMail = ClaimedMail & { claimed: boolean };

export type OutboxMail = {
  /** The promise, once: a second row with the same key is not written (e.g. `orderConfirmation:<orderId>`). */
  key: string;
  /** Mails of one group go out in the order they were queued (e.g. `order:<orderId>`). */
  group?: string;
  job: MailJob;
};

type ClaimOptions = { claimer?: string; now?: Date };

const claimedMail = (row: Row): ClaimedMail => ({
  id: row.id,
  key: row.dedupeKey,
  group: row.groupKey,
  attempts: row.attempts,
  job: row.payload as MailJob,
});

const unsent = and(isNull(mailOutbox.sentAt), isNull(mailOutbox.gaveUpAt));
const unclaimedAt = (now: Date) => or(isNull(mailOutbox.claimedUntil), lt(mailOutbox.claimedUntil, now));
const leaseFrom = (now: Date) => new Date(now.getTime() + LEASE_MS);

/**
 * The first unsent row of a group (inside a transaction), the group locked until it ends: what is
 * decided from it (whether a new row waits, which row is next) stays true until committed.
 */
async function firstUnsentOf(tx: Tx, group: string): Promise<{ id: number } | undefined> {
  await lockName(tx, `mail group ${group}`);
  const [first] = await tx
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.groupKey, group), unsent))
    .orderBy(asc(mailOutbox.id))
    .limit(1);
  return first;
}

/**
 * Writes a mail to send, inside the transaction that makes its promise; null when its key was
 * queued already. Claimed by this process at once unless an earlier mail of its group is unsent.
 * Send it once the transaction is committed: sendQueued.
 */
export async function queueMail(
  tx: Tx,
  mail: OutboxMail,
  { claimer = claimerOf(), now = new Date() }: ClaimOptions = {},
): Promise<QueuedMail | null> {
  // A worker leaves its mails to the primary (sendQueued): it claims none.
  const waits = cluster.isWorker || (mail.group !== undefined && (await firstUnsentOf(tx, mail.group)) !== undefined);
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      kind: mail.job.kind,
      dedupeKey: mail.key,
      groupKey: mail.group ?? null,
      payload: mail.job,
      createdAt: now,
      dueAt: new Date(now.getTime() + WRITER_GRACE_MS),
      ...(waits ? {} : { attempts: 1, claimedBy: claimer, claimedUntil: leaseFrom(now) }),
    })
    .onConflictDoNothing()
    .returning();
  return row ? { ...claimedMail(row), claimed: !waits } : null;
}

/**
 * Claims a row for `claimer` (inside a transaction): only if it is unsent, its attempts are not used
 * up, nobody holds it (or their lease ran out), no earlier row of its group is unsent, and it is
 * due (or, with `fresh`, never tried: the next of a group, claimed by who sent the one before).
 * Null when it cannot be claimed now; one of several processes claiming a row at once gets it.
 */
export async function claimMail(
  tx: Tx,
  id: number,
  { claimer = claimerOf(), now = new Date(), fresh = false }: ClaimOptions & { fresh?: boolean } = {},
): Promise<ClaimedMail | null> {
  const [row] = await tx.select({ group: mailOutbox.groupKey }).from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
  if (!row || (row.group !== null && (await firstUnsentOf(tx, row.group))?.id !== id)) return null;
  const due = fresh ? or(lte(mailOutbox.dueAt, now), eq(mailOutbox.attempts, 0)) : lte(mailOutbox.dueAt, now);
  const [claimed] = await tx
    .update(mailOutbox)
    .set({ claimedBy: claimer, claimedUntil: leaseFrom(now), attempts: sql`${mailOutbox.attempts} + 1` })
    .where(and(eq(mailOutbox.id, id), unsent, unclaimedAt(now), lt(mailOutbox.attempts, MAX_ATTEMPTS), due))
    .returning();
  return claimed ? claimedMail(claimed) : null;
}

/** The next row of the group, claimed, once the one before it is done (inside that transaction). */
async function claimNextOf(tx: Tx, group: string | null, now: Date): Promise<ClaimedMail | null> {
  const next = group === null ? undefined : await firstUnsentOf(tx, group);
  return next ? claimMail(tx, next.id, { now, fresh: true }) : null;
}

/** Marks a mail sent and claims the next of its group (inside a transaction). */
async function markSent(tx: Tx, mail: ClaimedMail, now = new Date()): Promise<ClaimedMail | null> {
  await tx
    .update(mailOutbox)
    .set({ sentAt: now, claimedUntil: null, lastError: null })
    .where(eq(mailOutbox.id, mail.id));
  return claimNextOf(tx, mail.group, now);
}

/** Records a failed try: the row waits for its backoff, or is given up after its last attempt (inside a transaction). */
async function recordFailure(tx: Tx, mail: ClaimedMail, error: unknown, now = new Date()): Promise<ClaimedMail | null> {
  const lastError = error instanceof Error ? error.message : String(error);
  const released = { claimedBy: null, claimedUntil: null, lastError };
  if (mail.attempts >= MAX_ATTEMPTS) {
    await tx
      .update(mailOutbox)
      .set({ ...released, gaveUpAt: now })
      .where(and(eq(mailOutbox.id, mail.id), unsent));
    console.error(
      `Gave up sending mail ${mail.key} after ${mail.attempts} attempts; the last failed with: ${lastError}`,
    );
    return claimNextOf(tx, mail.group, now);
  }
  const waitMs = backoffMs(mail.attempts);
  await tx
    .update(mailOutbox)
    .set({ ...released, dueAt: new Date(now.getTime() + waitMs) })
    .where(and(eq(mailOutbox.id, mail.id), unsent));
  console.error(
    `Could not send mail ${mail.key} (attempt ${mail.attempts} of ${MAX_ATTEMPTS}; next in ${waitMs / 1000} s): ${lastError}`,
  );
  return null;
}

/** Moves the lease of a mail this process holds; false when it no longer holds it (sent, released, taken over). */
export function renewClaim(
  mail: Pick<ClaimedMail, "id">,
  { claimer = claimerOf(), now = new Date() }: ClaimOptions = {},
) {
  return commitTogether(async (tx) => {
    const renewed = await tx
      .update(mailOutbox)
      .set({ claimedUntil: leaseFrom(now) })
      .where(and(eq(mailOutbox.id, mail.id), eq(mailOutbox.claimedBy, claimer), unsent))
      .returning({ id: mailOutbox.id });
    return renewed.length === 1;
  });
}

/** Sends claimed mails one after the other (then the next of each one's group), recording each outcome. */
/**
 * The Message-ID of every try of one outbox row: should a mail go out twice (a process killed between
 * the SMTP server's acceptance and the sent mark), the copies are one message, which mail programs
 * show once.
 */
export function messageIdOf(mail: Pick<ClaimedMail, "id" | "key">): string {
  const digest = crypto.createHash("sha256").update(`${mail.id} ${mail.key}`).digest("hex").slice(0, 16);
  return `<outbox-${mail.id}.${digest}@${new URL(config.publicUrl).hostname}>`;
}

async function deliver(first: ClaimedMail): Promise<void> {
  let mail: ClaimedMail | null = first;
  while (mail) {
    const current: ClaimedMail = mail;
    let failure: { error: unknown } | null = null;
    // Still alive and sending: the claim is renewed, so no other node's sweep takes the mail meanwhile.
    const renewal = setInterval(
      () => void renewClaim(current).catch((error) => logServerError(error, `Could not renew mail ${current.key}:`)),
      RENEW_MS,
    );
    try {
      await sendMailJob({ ...current.job, messageId: messageIdOf(current) });
    } catch (error) {
      failure = { error };
    } finally {
      clearInterval(renewal);
    }
    try {
      mail = await commitTogether((tx) =>
        failure ? recordFailure(tx, current, failure.error) : markSent(tx, current),
      );
    } catch (error) {
      // Its claim stays: once the lease runs out the sweeper sends it again (twice, if it had gone out).
      logServerError(error, `Could not record the outcome of mail ${current.key}:`);
      mail = null;
    }
  }
}

/** Sends a claimed mail (and then the rest of its group); settles when done. A stopping server waits for it (drainMails). */
function sendClaimed(mail: ClaimedMail): Promise<void> {
  return trackMail(deliver(mail));
}

/** The message a worker sends the primary for each mail it queued (server/workers.server.ts hands it on). */
export type MailQueuedMessage = { shopMailQueued: number };

/**
 * After the transaction that queued it is committed: sends the mail now if this process claimed
 * it; otherwise whoever sends the mail before it in its group sends it. A worker hands it to the
 * primary instead, which composes and sends every mail of the shop: a worker then holds no mail a
 * crash could cut short, and needs no mail thread of its own (about 65 MB each). Should the worker
 * die before the message leaves, the primary's sweep sends the row once its writer's grace is over.
 * Nobody needs to wait for it; it settles when done (for tests).
 */
export function sendQueued(queued: QueuedMail | null): Promise<void> {
  if (queued && cluster.isWorker) {
    process.send?.({ shopMailQueued: queued.id } satisfies MailQueuedMessage);
    return Promise.resolve();
  }
  return queued?.claimed ? sendClaimed(queued) : Promise.resolve();
}

/** In the primary: a worker queued mail `id` and committed it; claims and sends it (if it still can be claimed). */
export async function sendQueuedBy(id: number, now = new Date()): Promise<void> {
  const claimed = await commitTogether((tx) => claimMail(tx, id, { now, fresh: true }));
  if (claimed) await sendClaimed(claimed);
}

/** Releases the claims of a process that is gone (`claimer`): the rows are due at once. Answers how many were released. */
export function releaseClaims(claimer: string, now = new Date()): Promise<number> {
  return commitTogether(async (tx) => {
    const released = await tx
      .update(mailOutbox)
      .set({ claimedBy: null, claimedUntil: null, dueAt: now })
      .where(and(unsent, eq(mailOutbox.claimedBy, claimer)))
      .returning({ id: mailOutbox.id });
    return released.length;
  });
}

/** Whether process `pid` of this machine is alive (one of another user's counts: it exists). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * At start-up: releases the claims of this machine's processes that are gone (the last run's, when
 * the shop was killed mid-send), so their mails go out now. Other nodes' claims, and those of this
 * machine's live processes (another node beside this one), are left to their senders, or to their
 * lease should those die too. Answers how many were released.
 */
export async function releaseClaimsOfDeadProcesses(): Promise<number> {
  const here = `${os.hostname()}:`;
  const holders = await db
    .selectDistinct({ claimer: mailOutbox.claimedBy })
    .from(mailOutbox)
    .where(and(unsent, isNotNull(mailOutbox.claimedBy)));
  let released = 0;
  for (const { claimer } of holders) {
    const pid = claimer?.startsWith(here) ? Number(claimer.slice(here.length)) : NaN;
    if (Number.isInteger(pid) && pid !== process.pid && !isAlive(pid)) released += await releaseClaims(claimer!);
  }
  return released;
}

/** Gives up (with a log line) the rows whose attempts are used up and that nobody holds (inside a transaction). */
async function giveUpExhausted(tx: Tx, now: Date) {
  const given = await tx
    .update(mailOutbox)
    .set({ gaveUpAt: now, claimedBy: null, claimedUntil: null })
    .where(and(unsent, unclaimedAt(now), gte(mailOutbox.attempts, MAX_ATTEMPTS)))
    .returning();
  for (const row of given) {
    console.error(
      `Gave up sending mail ${row.dedupeKey} after ${row.attempts} attempts; the last error: ${row.lastError ?? "its process died while sending it"}`,
    );
  }
}

/** Claims every due row nobody holds (released, lease run out, failed and waited, or never claimed) and sends them. */
export async function sendDueMails(now = new Date()): Promise<number> {
  const claimed = await commitTogether(async (tx) => {
    await giveUpExhausted(tx, now);
    const due = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(unsent, lte(mailOutbox.dueAt, now), unclaimedAt(now)))
      .orderBy(asc(mailOutbox.id))
      .limit(SWEEP_BATCH);
    const mails: ClaimedMail[] = [];
    for (const { id } of due) {
      const mail = await claimMail(tx, id, { now });
      if (mail) mails.push(mail);
    }
    return mails;
  });
  await Promise.all(claimed.map(sendClaimed));
  return claimed.length;
}

/** The primary's sweep (every 15 s): sends what is due, deletes rows sent (or given up) more than 30 days ago. */
export async function sweepOutbox(now = new Date()): Promise<void> {
  await sendDueMails(now);
  const before = new Date(now.getTime() - KEEP_MS);
  await commitTogether(async (tx) => {
    await tx.delete(mailOutbox).where(or(lt(mailOutbox.sentAt, before), lt(mailOutbox.gaveUpAt, before)));
  });
}

/** After a worker died: its claims are released and its mails sent. Answers how many it had left. */
export async function resendMailsOf(pid: number): Promise<number> {
  const released = await releaseClaims(claimerOf(pid));
  if (released > 0) {
    console.error(
      `Process ${pid} left ${released} mail${released === 1 ? "" : "s"} unsent: sending ${released === 1 ? "it" : "them"} now.`,
    );
    await sendDueMails();
  }
  return released;
}

/** A row as stored, for tests and for looking into a mail's fate. */
export async function outboxRow(key: string): Promise<Row | undefined> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, key)).limit(1);
  return row;
}
