import fs from "node:fs";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { config } from "~/config.server";
import { db } from "~/db/client.server";
import { commitTogether } from "~/db/commit.server";
import { mailOutbox } from "~/db/schema";
import { FULFILMENT } from "~/lib/order-states";
import { createOrder, createUser } from "../../../tests/unit/fixtures";
import { updateOrderStatus } from "~/models/after-sales";
import { drainMails } from "./email.server";
import type { MailJob } from "./mail-jobs.server";
import { mailOrderOf } from "./mail-messages.server";
import {
  LEASE_MS,
  MAX_ATTEMPTS,
  claimMail,
  claimerOf,
  messageIdOf,
  outboxRow,
  queueMail,
  releaseClaims,
  releaseClaimsOfDeadProcesses,
  renewClaim,
  resendMailsOf,
  sendDueMails,
  sendQueued,
  sweepOutbox,
} from "./mail-outbox.server";
import { getOrder } from "~/models/orders";

const MINUTE = 60_000;
const later = (ms: number) => new Date(Date.now() + ms);
/** A moment while a claim made now still holds. */
const withinLease = () => later(LEASE_MS / 2);

/** The .eml files in the outbox folder that are mails to `email`, oldest first, as text. */
function mailsTo(email: string) {
  const files = (fs.existsSync(config.outboxDir) ? fs.readdirSync(config.outboxDir) : []).map((file) =>
    path.join(config.outboxDir, file),
  );
  return files
    .map((file) => ({ raw: fs.readFileSync(file, "utf8"), at: fs.statSync(file).mtimeMs }))
    .filter(({ raw }) => raw.includes(`To: ${email}`))
    .sort((a, b) => a.at - b.at)
    .map(({ raw }) => raw);
}
const subjectsTo = (email: string) => mailsTo(email).map((raw) => raw.match(/^Subject: (.*)$/m)?.[1]);

/** A paid order of a new buyer, and its confirmation job. */
async function paidOrder() {
  const order = (await getOrder((await createOrder({ userId: await createUser("Outbox Buyer") })).id))!;
  const job: MailJob = { kind: "orderConfirmation", order: mailOrderOf(order), buyer: order.buyer! };
  return { order, job, email: order.buyer!.email, subject: `ShopIT: your order #${order.orderNumber}` };
}

/** Queues a mail as a process that is gone (or hung) would have left it: claimed, never sent. */
const leftBy = (claimer: string, mail: Parameters<typeof queueMail>[1], now?: Date) =>
  commitTogether((tx) => queueMail(tx, mail, { claimer, now }));

beforeEach(async () => {
  await drainMails(10_000);
  await commitTogether(async (tx) => {
    await tx.delete(mailOutbox);
  });
});
afterEach(() => vi.restoreAllMocks());

describe("queueing a mail", () => {
  it("writes its row in the transaction that makes the promise, and a rollback takes it back", async () => {
    const { order, job } = await paidOrder();
    const key = `orderConfirmation:${order.id}`;
    await expect(
      commitTogether(async (tx) => {
        await queueMail(tx, { key, job });
        throw new Error("the payment could not be recorded");
      }),
    ).rejects.toThrow("the payment could not be recorded");
    expect(await outboxRow(key)).toBeUndefined();

    const queued = await commitTogether((tx) => queueMail(tx, { key, job }));
    expect(queued).toMatchObject({ key, claimed: true, attempts: 1 });
    expect(await outboxRow(key)).toMatchObject({
      kind: "orderConfirmation",
      claimedBy: claimerOf(),
      sentAt: null,
      payload: job,
    });
  });

  it("queues one promise once: the same key again writes nothing", async () => {
    const { order, job } = await paidOrder();
    const key = `orderConfirmation:${order.id}`;
    const first = await commitTogether((tx) => queueMail(tx, { key, job }));
    expect(await commitTogether((tx) => queueMail(tx, { key, job }))).toBeNull();
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, key))).toHaveLength(1);
    await sendQueued(first);
  });
});

describe("sending from the outbox", () => {
  it("sends a queued mail after the commit and marks it sent; a sent mail is never sent again", async () => {
    const { order, job, email, subject } = await paidOrder();
    const key = `orderConfirmation:${order.id}`;
    await sendQueued(await commitTogether((tx) => queueMail(tx, { key, job })));
    expect(subjectsTo(email)).toEqual([subject]);
    expect(await outboxRow(key)).toMatchObject({ attempts: 1, sentAt: expect.any(Date), lastError: null });

    // Its sender's claim released, a sweep much later, another claimer: nothing of it goes out again.
    expect(await releaseClaims(claimerOf())).toBe(0);
    expect(await sendDueMails(later(60 * MINUTE))).toBe(0);
    const row = (await outboxRow(key))!;
    expect(
      await commitTogether((tx) => claimMail(tx, row.id, { claimer: "elsewhere:1", now: later(60 * MINUTE) })),
    ).toBeNull();
    expect(subjectsTo(email)).toEqual([subject]);
  });

  it("lets one claimer of two take a row", async () => {
    const { order, job } = await paidOrder();
    const key = `orderConfirmation:${order.id}`;
    await leftBy("gone:1", { key, job });
    await releaseClaims("gone:1");
    const id = (await outboxRow(key))!.id;
    const claimers = ["a:1", "b:2"];
    const claims = await Promise.all(claimers.map((claimer) => commitTogether((tx) => claimMail(tx, id, { claimer }))));
    // Which one gets it is the engine's order (SQLite: the first; PostgreSQL: either).
    const winner = claims.findIndex((claim) => claim !== null);
    expect(winner).not.toBe(-1);
    expect(claims[winner]).toMatchObject({ key, attempts: 2 });
    expect(claims[1 - winner]).toBeNull();
    expect(await outboxRow(key)).toMatchObject({ claimedBy: claimers[winner], attempts: 2 });
    // Nor can a third while the first's lease holds.
    expect(await commitTogether((tx) => claimMail(tx, id, { claimer: "c:3", now: withinLease() }))).toBeNull();
  });

  it("sends what a dead process had claimed once its claims are released", async () => {
    const { order, job, email, subject } = await paidOrder();
    const key = `orderConfirmation:${order.id}`;
    await leftBy(claimerOf(999_999), { key, job });
    // Its lease holds: a sweep leaves it alone.
    expect(await sendDueMails(withinLease())).toBe(0);
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await resendMailsOf(999_999)).toBe(1);
    expect(logged).toHaveBeenCalledWith("Process 999999 left 1 mail unsent: sending it now.");
    expect(subjectsTo(email)).toEqual([subject]);
    expect(await outboxRow(key)).toMatchObject({ attempts: 2, sentAt: expect.any(Date) });
  });

  it("gives every copy of a mail sent twice the same Message-ID: the copies are one message", async () => {
    const { order, job, email } = await paidOrder();
    const key = `orderConfirmation:${order.id}`;
    await leftBy(claimerOf(999_999), { key, job });
    expect(await resendMailsOf(999_999)).toBe(1);
    const row = (await outboxRow(key))!;
    // Its sender killed after the SMTP server took it and before the sent mark was committed: claimed, unsent.
    await commitTogether((tx) =>
      tx.update(mailOutbox).set({ sentAt: null, claimedBy: "gone:2" }).where(eq(mailOutbox.id, row.id)),
    );
    expect(await releaseClaims("gone:2")).toBe(1);
    expect(await sendDueMails()).toBe(1);
    await drainMails(10_000);
    const ids = mailsTo(email).map((raw) => raw.match(/^Message-ID: (.*?)\r?$/im)?.[1]);
    const messageId = messageIdOf({ id: row.id, key });
    expect(ids).toEqual([messageId, messageId]);
    expect(messageId).toMatch(/^<outbox-\d+\.[0-9a-f]{16}@[^>]+>$/);
  });

  it("at start-up, releases the claims of this machine's dead processes only, and sends those mails", async () => {
    const orders = [await paidOrder(), await paidOrder(), await paidOrder(), await paidOrder()];
    const claimers = [
      claimerOf(999_999), // the last run's, killed mid-send
      claimerOf(1), // a live process of this machine (another node beside this one)
      claimerOf(), // this process
      "another-node:42", // another machine's: its own, or its lease's
    ];
    for (const [i, claimer] of claimers.entries())
      await leftBy(claimer, { key: `orderConfirmation:${orders[i].order.id}`, job: orders[i].job });
    expect(await releaseClaimsOfDeadProcesses()).toBe(1);
    expect(await sendDueMails()).toBe(1);
    await drainMails(10_000);
    expect(orders.map((o) => subjectsTo(o.email).length)).toEqual([1, 0, 0, 0]);
    expect(await outboxRow(`orderConfirmation:${orders[1].order.id}`)).toMatchObject({ claimedBy: claimerOf(1) });
  });

  it("sends a mail whose claim's lease ran out (a process that hangs)", async () => {
    const hung = await paidOrder();
    await leftBy("hung:7", { key: `orderConfirmation:${hung.order.id}`, job: hung.job }, later(-LEASE_MS - MINUTE));
    expect(await sendDueMails()).toBe(1);
    await drainMails(10_000);
    expect(subjectsTo(hung.email)).toEqual([hung.subject]);
  });

  it("keeps a claim its sender renews, and lets the sweep take one nobody renews any more", async () => {
    const { order, job, email, subject } = await paidOrder();
    const key = `orderConfirmation:${order.id}`;
    await leftBy("sender:1", { key, job });
    const { id } = (await outboxRow(key))!;
    // Renewed just before its lease ends (the sender is alive, its send slow): held past that lease.
    expect(await renewClaim({ id }, { claimer: "sender:1", now: later(LEASE_MS - 1_000) })).toBe(true);
    expect(await sendDueMails(later(LEASE_MS + 10_000))).toBe(0);
    expect(await renewClaim({ id }, { claimer: "someone-else:2" })).toBe(false);
    // Never renewed again (its node died): the sweep of any node sends it once that lease is over.
    expect(await sendDueMails(later(2 * LEASE_MS))).toBe(1);
    await drainMails(10_000);
    expect(subjectsTo(email)).toEqual([subject]);
  });

  it("retries a failed mail after its backoff, and gives up after its last attempt with a log line", async () => {
    const { order, job } = await paidOrder();
    const key = `orderConfirmation:${order.id}`;
    // Its composer fails on it, as an SMTP server refusing the mail would make the send fail.
    const broken = { ...job, order: null } as unknown as MailJob;
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    await sendQueued(await commitTogether((tx) => queueMail(tx, { key, job: broken })));
    expect(await outboxRow(key)).toMatchObject({
      attempts: 1,
      sentAt: null,
      claimedBy: null,
      lastError: expect.stringMatching(/orderNumber/),
    });
    expect(logged).toHaveBeenLastCalledWith(
      expect.stringMatching(new RegExp(`^Could not send mail ${key} \\(attempt 1 of ${MAX_ATTEMPTS}; next in 30 s\\)`)),
    );
    // Not before its backoff.
    expect(await sendDueMails(later(20_000))).toBe(0);
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      expect(await sendDueMails(later(attempt * 60 * MINUTE))).toBe(1);
      await drainMails(10_000);
      expect((await outboxRow(key))?.attempts).toBe(attempt);
    }
    expect(await outboxRow(key)).toMatchObject({ sentAt: null, gaveUpAt: expect.any(Date) });
    expect(logged).toHaveBeenLastCalledWith(
      expect.stringMatching(new RegExp(`^Gave up sending mail ${key} after ${MAX_ATTEMPTS} attempts`)),
    );
    expect(await sendDueMails(later(1000 * MINUTE))).toBe(0);
  });

  it("gives up a mail whose process died on each of its attempts (it may be what kills them)", async () => {
    const { order, job } = await paidOrder();
    const key = `orderConfirmation:${order.id}`;
    await leftBy("gone:1", { key, job });
    await commitTogether(async (tx) => {
      await tx.update(mailOutbox).set({ attempts: MAX_ATTEMPTS }).where(eq(mailOutbox.dedupeKey, key));
    });
    await releaseClaims("gone:1");
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await sendDueMails()).toBe(0);
    expect(await outboxRow(key)).toMatchObject({ sentAt: null, gaveUpAt: expect.any(Date) });
    expect(logged).toHaveBeenCalledWith(
      `Gave up sending mail ${key} after ${MAX_ATTEMPTS} attempts; the last error: its process died while sending it`,
    );
  });

  it("deletes sent mails after 30 days, not before", async () => {
    const { order, job } = await paidOrder();
    const key = `orderConfirmation:${order.id}`;
    await sendQueued(await commitTogether((tx) => queueMail(tx, { key, job })));
    await sweepOutbox(later(29 * 24 * 60 * MINUTE));
    expect(await outboxRow(key)).toBeDefined();
    await sweepOutbox(later(31 * 24 * 60 * MINUTE));
    expect(await outboxRow(key)).toBeUndefined();
  });
});

describe("the mails of one order", () => {
  it("go out in the order they were queued, also when the first one's process died", async () => {
    const { order, job, email } = await paidOrder();
    const group = `order:${order.id}`;
    const status = (s: typeof FULFILMENT.shipped | typeof FULFILMENT.delivered): MailJob => ({
      kind: "orderStatus",
      order: job.order,
      buyer: job.buyer,
      status: s,
    });
    await leftBy("gone:1", { key: `orderConfirmation:${order.id}`, group, job });
    // Queued behind it: not claimed by their writer, and not by a sweep while the first is unsent.
    const shipped = await commitTogether((tx) =>
      queueMail(tx, { key: `orderStatus:${order.id}:Shipped`, group, job: status(FULFILMENT.shipped) }),
    );
    const delivered = await commitTogether((tx) =>
      queueMail(tx, { key: `orderStatus:${order.id}:Delivered`, group, job: status(FULFILMENT.delivered) }),
    );
    expect([shipped?.claimed, delivered?.claimed]).toEqual([false, false]);
    await sendQueued(shipped);
    expect(await sendDueMails(withinLease())).toBe(0);
    expect(mailsTo(email)).toEqual([]);

    vi.spyOn(console, "error").mockImplementation(() => {});
    await releaseClaims("gone:1");
    await sendDueMails(withinLease());
    await drainMails(10_000);
    expect(subjectsTo(email)).toEqual([
      `ShopIT: your order #${order.orderNumber}`,
      `ShopIT: your order #${order.orderNumber} has shipped`,
      `ShopIT: your order #${order.orderNumber} has been delivered`,
    ]);
    const sent = await db
      .select({ sentAt: mailOutbox.sentAt })
      .from(mailOutbox)
      .where(eq(mailOutbox.groupKey, group))
      .orderBy(asc(mailOutbox.id));
    const times = sent.map((row) => row.sentAt!.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it("Shipped then Delivered set at once: Delivered waits for Shipped, each is mailed once", async () => {
    const { order, email } = await paidOrder();
    // The admin sets both within a moment: the first mail is still being sent when the second is queued.
    await updateOrderStatus(order.id, FULFILMENT.shipped);
    await updateOrderStatus(order.id, FULFILMENT.delivered);
    await updateOrderStatus(order.id, FULFILMENT.shipped, { confirmBackward: true });
    await updateOrderStatus(order.id, FULFILMENT.delivered);
    await drainMails(10_000);
    expect(subjectsTo(email)).toEqual([
      `ShopIT: your order #${order.orderNumber} has shipped`,
      `ShopIT: your order #${order.orderNumber} has been delivered`,
    ]);
    const rows = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.groupKey, `order:${order.id}`))
      .orderBy(asc(mailOutbox.id));
    expect(rows.map((row) => [row.dedupeKey, row.attempts, row.sentAt !== null])).toEqual([
      [`orderStatus:${order.id}:Shipped`, 1, true],
      [`orderStatus:${order.id}:Delivered`, 1, true],
    ]);
    expect(rows[0].sentAt!.getTime()).toBeLessThanOrEqual(rows[1].sentAt!.getTime());
  });
});
