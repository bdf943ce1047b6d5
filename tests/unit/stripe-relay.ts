import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { useStripeSandbox } from "~/config.server";
import { resetStripeClient } from "~/models/checkout";
import { action as webhook } from "~/routes/checkout/webhooks.stripe";
import { startStripeSandbox } from "../../sandbox/stripe-sandbox";

/** An event the webhook route answered: its type, and the payment it is about. */
export type HandledEvent = { type: string; intent: string };

/**
 * For a test file: the payment sandbox as the shop's provider, its signed events delivered
 * through a relay to the real webhook route. `handled` lists the events answered since the
 * file's last test started.
 */
export const UNIT_WEBHOOK_SECRET = "whsec_unit";

export function useSandboxWithWebhook(): { handled: HandledEvent[] } {
  const secret = UNIT_WEBHOOK_SECRET;
  const handled: HandledEvent[] = [];
  let sandbox: Awaited<ReturnType<typeof startStripeSandbox>>;
  let relay: http.Server;

  beforeAll(async () => {
    relay = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => void deliver(Buffer.concat(chunks).toString("utf8")));
      async function deliver(body: string) {
        const response = await webhook({
          request: new Request("http://shop.test/webhooks/stripe", {
            method: "POST",
            body,
            headers: { "Stripe-Signature": String(req.headers["stripe-signature"]) },
          }),
          params: {},
          context: { clientIp: "127.0.0.1" },
        });
        const event = JSON.parse(body) as { type: string; data: { object: { id: string; payment_intent?: string } } };
        handled.push({ type: event.type, intent: event.data.object.payment_intent ?? event.data.object.id });
        res.writeHead(response.status).end();
      }
    });
    await new Promise<void>((r) => relay.listen(0, "127.0.0.1", r));
    const keys = { secretKey: "sk_test_unit", publishableKey: "pk_test_unit", webhookSecret: secret };
    sandbox = await startStripeSandbox({
      ...keys,
      webhookUrl: `http://127.0.0.1:${(relay.address() as AddressInfo).port}/webhooks/stripe`,
    });
    useStripeSandbox({ ...keys, apiUrl: sandbox.url, publicUrl: sandbox.url, sandbox: true });
    resetStripeClient();
  });

  afterAll(async () => {
    await sandbox.close();
    await new Promise((r) => relay.close(r));
  });

  beforeEach(() => {
    handled.length = 0;
  });

  return { handled };
}

/** For a test file: the payment sandbox as the shop's provider, with nobody listening for its webhook (orders made by the calls alone). */
export function useSandbox(): void {
  let sandbox: Awaited<ReturnType<typeof startStripeSandbox>>;
  beforeAll(async () => {
    const keys = { secretKey: "sk_test_unit", publishableKey: "pk_test_unit", webhookSecret: UNIT_WEBHOOK_SECRET };
    sandbox = await startStripeSandbox({ ...keys, webhookUrl: "http://127.0.0.1:9/none" });
    useStripeSandbox({ ...keys, apiUrl: sandbox.url, publicUrl: sandbox.url, sandbox: true });
    resetStripeClient();
  });
  afterAll(() => sandbox.close());
}
