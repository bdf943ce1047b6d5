import fs from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { describe, expect, it, vi } from "vitest";
import { config } from "~/config.server";
import { createOrder, createProduct, createUser } from "../../../tests/unit/fixtures";
import { commitTogether } from "~/db/commit.server";
import { processWide } from "~/lib/process-wide.server";
import { getOrder, queueOrderMail } from "~/models/orders";
import { drainMails } from "./email.server";
import { mailOrderOf } from "./mail-messages.server";
import { sendQueued } from "./mail-outbox.server";
import { sendMailJob } from "./mail-thread.server";

const outbox = () => (fs.existsSync(config.outboxDir) ? fs.readdirSync(config.outboxDir) : []);
// The module's process-wide state (mail-thread.server.ts): undefined until started, null once stopped.
const thread = () => processWide("mailThread", (): { thread?: { worker: Worker } | null } => ({})).thread;

async function paidOrder() {
  const userId = await createUser("Thread Buyer");
  const order = await createOrder({
    userId,
    lines: [{ productId: await createProduct({ name: "Desk Lamp" }), quantity: 2, name: "Desk Lamp" }],
  });
  return (await getOrder(order.id))!;
}

/** The mails to this address that reached the outbox since `before`. */
const mailsTo = (email: string, before: Set<string>) =>
  outbox()
    .filter((file) => !before.has(file))
    .map((file) => fs.readFileSync(path.join(config.outboxDir, file), "utf8"))
    .filter((raw) => raw.includes(email));

describe("the mail thread", () => {
  it("composes and sends an order's confirmation on a thread of its own", async () => {
    const order = await paidOrder();
    const before = new Set(outbox());
    const queued = await commitTogether(async (tx) => queueOrderMail(tx, order.id, { kind: "orderConfirmation" }));
    // Not awaited: a stopping server's drainMails is what waits for it.
    void sendQueued(queued);
    await drainMails(10_000);
    expect(thread()?.worker).toBeInstanceOf(Worker);
    const [raw, ...more] = mailsTo(order.buyer!.email, before);
    expect(more).toHaveLength(0);
    expect(raw).toContain(`Subject: ShopIT: your order #${order.orderNumber}`);
    expect(raw).toMatch(/Content-Type: text\/plain[\s\S]*Thank you for your order/);
    expect(raw).toMatch(/Content-Type: text\/html[\s\S]*Desk Lamp/);
  });

  it("still sends a mail whose thread stopped, from the process itself", async () => {
    const order = await paidOrder();
    const job = { kind: "orderConfirmation" as const, order: mailOrderOf(order), buyer: order.buyer! };
    await sendMailJob(job); // the thread is running
    const before = new Set(outbox());
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const running = thread()!.worker;
    const sent = sendMailJob(job);
    await running.terminate();
    await sent;
    expect(mailsTo(order.buyer!.email, before).length).toBeGreaterThanOrEqual(1);
    expect(thread()).toBeNull();
    expect(logged).toHaveBeenCalledWith(
      "The mail thread stopped; mails are sent from the process itself:",
      expect.any(Error),
    );
    logged.mockRestore();
  });
});
