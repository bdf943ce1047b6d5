import { AsyncLocalStorage } from "node:async_hooks";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, pgPool } from "~/db/client.server";
import { catchUpCatalogueVersion, followCatalogueVersion } from "~/db/dialect";
import { watchStatements } from "~/db/pg-connection.server";
import { orders } from "~/db/schema";
import { PAYMENT } from "~/lib/order-states";
import { loader as rootLoader } from "~/root";
import { action as paymentAction } from "~/routes/checkout/payment";
import { action as shippingAction } from "~/routes/checkout/shipping";
import { action as webhookAction } from "~/routes/checkout/webhooks.stripe";
import { loader as homeLoader } from "~/routes/shop/_index";
import { action as productAction } from "~/routes/shop/product.$id";
import { startUserSession } from "~/web/auth.server";
import { SHIPPING } from "./buying";
import { createProduct, createUser } from "./fixtures";
import { settle, statusOf } from "./route-answers";
import { UNIT_WEBHOOK_SECRET, useSandbox } from "./stripe-relay";

// What each step of a buyer's visit sends PostgreSQL, counted in round trips (issue 49, goal 3):
// every message to the server the request waits for, through the shop's pool (app/db's
// watchStatements), a transaction's BEGIN and COMMIT included. Each step is called as the server
// calls it: the edge's catch-up of the catalogue version for a signed-in visitor
// (server/remix-handler.server.ts), then the route's loaders (side by side, as Remix runs them) or
// its action. Counted are the statements a step sends before it answers, in its own async context:
// the mails it leaves to send after the answer, and other steps' leftovers, are not.
//
// `today` is what the shop sends now: a change that adds a round trip fails here. `budget` is the
// issue's goal; once the checkout context reaches it, `today` comes down to it.
// ROUND_TRIPS_LOG=1 prints each step's statements and where they come from.
const STEPS = {
  "signed-in home page": { today: 3, budget: 3 },
  "add to cart": { today: 8, budget: 6 },
  "POST /payment, reservation (3D Secure card)": { today: 26, budget: 20 },
  "POST /payment, paid (good card)": { today: 49, budget: 20 + 12 },
  "mark paid (webhook payment_intent.succeeded)": { today: 19, budget: 12 },
} as const;
type Step = keyof typeof STEPS;

type Sent = { text: string; from: string };
type Recording = { sent: Sent[]; open: boolean };
const recording = new AsyncLocalStorage<Recording>();
let unwatch: () => void = () => {};

/** The shop's frames of a stack (app/ and server/, but the pool and the transaction), innermost first. */
function shopFrames(stack: string): string {
  const frames = stack
    .split("\n")
    .slice(1)
    .map((line) => line.match(/at (?:async )?(?:([^\s(/]+) \()?.*?\/((?:app|server)\/[^:]+):(\d+)/))
    .filter((match): match is RegExpMatchArray => match !== null && !/^app\/db\/(pg-|commit)/.test(match[2]))
    .map(([, fn, file, line]) => `${file.replace(/^app\//, "")}:${line}${fn ? ` ${fn}` : ""}`);
  // After an await of a drizzle query (a thenable, not a promise) V8 keeps no async frames.
  return frames.length ? frames.join(" < ") : "(no frame of the shop: after an await in the caller of the one above)";
}

/** The statements `work` sends before it settles, in its own async context. */
async function measure(work: () => Promise<unknown>, signedIn: boolean): Promise<Sent[]> {
  const log: Recording = { sent: [], open: true };
  try {
    await recording.run(log, async () => {
      if (signedIn) await catchUpCatalogueVersion();
      await work();
    });
  } finally {
    log.open = false;
  }
  return log.sent;
}

const counted: Partial<Record<Step, Sent[]>> = {};

/** A step's round trips; a signed-in visitor's request starts with the edge's catch-up, the provider's webhook does not. */
async function step(name: Step, work: () => Promise<unknown>, { signedIn = true } = {}): Promise<number> {
  const sent = await measure(work, signedIn);
  counted[name] = sent;
  return sent.length;
}

function expectWithin(name: Step, count: number) {
  expect(count, `${name}: ${count} round trips (budget ${STEPS[name].budget})`).toBeLessThanOrEqual(STEPS[name].today);
}

const context = { clientIp: "127.0.0.1" };
let cookie = "";
const request = (path: string, form?: Record<string, string>) =>
  new Request(`http://localhost${path}`, {
    headers: { Cookie: cookie, ...(form ? { "Content-Type": "application/x-www-form-urlencoded" } : {}) },
    ...(form ? { method: "POST", body: new URLSearchParams(form).toString() } : {}),
  });

const home = () => {
  const args = { request: request("/"), params: {}, context };
  return Promise.all([rootLoader(args), homeLoader(args)]);
};
const addToCart = (productId: string) =>
  productAction({
    request: request(`/product/${productId}`, { intent: "add-to-cart", quantity: "1" }),
    params: { id: productId },
    context,
  });
const pay = (cardNumber: string) =>
  settle(() =>
    paymentAction({
      request: request("/payment", { cardNumber, cardExpiry: "12/99", cardCvc: "123" }),
      params: {},
      context,
    }),
  );
const VISA = "4242424242424242";
const THREE_D_SECURE = "4000002500003155";

async function signIn(userId: string) {
  const started = await startUserSession(new Request("http://localhost/lgn"), { id: userId }, "127.0.0.1");
  cookie = started.cookie.split(";")[0];
}

async function shipTo() {
  const answer = await settle(() =>
    shippingAction({ request: request("/shipping", { ...SHIPPING }), params: {}, context }),
  );
  expect(statusOf(answer)).toBe(302);
}

/** The signed webhook event the provider sends once an intent is paid (as the sandbox builds it). */
async function paidEvent(orderId: string) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  const intent = {
    id: order.paymentIntentId,
    object: "payment_intent",
    amount: order.totalPriceCents,
    amount_received: order.totalPriceCents,
    currency: order.currency.toLowerCase(),
    status: "succeeded",
    metadata: { orderId: order.id, userId: order.userId },
  };
  const payload = JSON.stringify({
    id: `evt_${order.id}`,
    object: "event",
    type: "payment_intent.succeeded",
    data: { object: intent },
  });
  const signature = new Stripe("sk_test_unit").webhooks.generateTestHeaderString({
    payload,
    secret: UNIT_WEBHOOK_SECRET,
  });
  return new Request("http://localhost/webhooks/stripe", {
    method: "POST",
    body: payload,
    headers: { "Stripe-Signature": signature },
  });
}

useSandbox();
let products: string[] = [];

beforeAll(async () => {
  await followCatalogueVersion();
  await createUser("Owner", "admin");
  products = [await createProduct({ stock: 100 }), await createProduct({ stock: 100 })];
  unwatch = watchStatements(pgPool, (text) => {
    const log = recording.getStore();
    if (!log?.open) return;
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 60;
    const { stack = "" } = new Error();
    Error.stackTraceLimit = limit;
    log.sent.push({ text: text.replace(/\s+/g, " ").trim(), from: shopFrames(stack) });
  });
  // Each step once before it is counted, by another buyer: what a running shop keeps (its caches,
  // the statements prepared on its connections) is kept, as it would be.
  await signIn(await createUser("Earlier buyer"));
  await home();
  await addToCart(products[0]);
  await shipTo();
  expect(statusOf(await pay(VISA))).toBe(302);
  await signIn(await createUser("Buyer"));
});

afterAll(() => {
  unwatch();
  if (!process.env.ROUND_TRIPS_LOG) return;
  for (const [name, sent] of Object.entries(counted)) {
    console.log(`\n${name}: ${sent.length} round trips`);
    sent.forEach(({ text, from }, i) =>
      console.log(`${String(i + 1).padStart(3)}. ${text.slice(0, 140)}\n       ${from}`),
    );
  }
});

describe("round trips to PostgreSQL per step", () => {
  it("the signed-in home page", async () => {
    await home();
    expectWithin("signed-in home page", await step("signed-in home page", home));
  });

  it("add to cart", async () => {
    await addToCart(products[0]);
    expectWithin("add to cart", await step("add to cart", () => addToCart(products[1])));
  });

  it("POST /payment: starting a card payment (the reservation), then the webhook marking it paid", async () => {
    await shipTo();
    let answer: unknown;
    const reservation = await step("POST /payment, reservation (3D Secure card)", async () => {
      answer = await pay(THREE_D_SECURE);
    });
    expect(statusOf(answer)).toBe(303);
    expectWithin("POST /payment, reservation (3D Secure card)", reservation);

    const [order] = await db.select().from(orders).where(eq(orders.paymentStatus, PAYMENT.requiresPayment));
    const event = await paidEvent(order.id);
    let received: Response | undefined;
    const markPaid = await step(
      "mark paid (webhook payment_intent.succeeded)",
      async () => {
        received = await webhookAction({ request: event, params: {}, context });
      },
      { signedIn: false },
    );
    expect(received?.status).toBe(200);
    const [paid] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(paid.paymentStatus).toBe(PAYMENT.succeeded);
    expectWithin("mark paid (webhook payment_intent.succeeded)", markPaid);
  });

  it("POST /payment paid at once: the reservation and the server-side check that marks it paid", async () => {
    // The same cart as the reservation's: each line costs its own statements.
    for (const product of products) await addToCart(product);
    let answer: unknown;
    const count = await step("POST /payment, paid (good card)", async () => {
      answer = await pay(VISA);
    });
    expect(statusOf(answer)).toBe(302);
    expectWithin("POST /payment, paid (good card)", count);
  });
});
