// The offline stand-in for Stripe (see README.md beside this file). Never bound beyond loopback.
import crypto from "node:crypto";
import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { authenticationPageHtml, checkoutPage, type CheckoutLine } from "./checkout-page";
import { MAX_BODY_BYTES } from "./browser-paths";
import { stripeJsStandIn } from "./stripe-js";

type Intent = {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  currency: string;
  status: "requires_payment_method" | "requires_action" | "succeeded" | "canceled";
  next_action: { type: "redirect_to_url"; redirect_to_url: { url: string; return_url: string | null } } | null;
  client_secret: string;
  metadata: Record<string, string>;
  payment_method: string | null;
  last_payment_error: { code: string; decline_code?: string; message: string; type: string } | null;
  latest_charge: string | null;
  created: number;
  livemode: false;
};

type CheckoutSession = {
  id: string;
  object: "checkout.session";
  mode: "payment";
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  payment_intent: string | null;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string | null;
  url: string | null;
  expires_at: number;
  created: number;
  livemode: false;
};

type Card = { number: string; brand: string; last4: string; exp_month?: number; exp_year?: number };

const TEST_CARDS: Record<
  string,
  { outcome: "succeeded" | "authenticate" } | { outcome: "declined"; decline_code: string; message: string }
> = {
  "4242424242424242": { outcome: "succeeded" },
  // 3D Secure: the buyer must pass the bank's check (the sandbox's /authenticate page) first.
  "4000002500003155": { outcome: "authenticate" },
  "4000000000000002": { outcome: "declined", decline_code: "generic_decline", message: "Your card was declined." },
  "4000000000009995": {
    outcome: "declined",
    decline_code: "insufficient_funds",
    message: "Your card has insufficient funds.",
  },
};
const TOKENS: Record<string, string> = {
  pm_card_visa: "4242424242424242",
  pm_card_chargeDeclined: "4000000000000002",
  pm_card_chargeDeclinedInsufficientFunds: "4000000000009995",
  pm_card_authenticationRequired: "4000002500003155",
};
const AUTHENTICATION_FAILED = {
  type: "invalid_request_error",
  code: "payment_intent_authentication_failure",
  message: "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
};

export type SandboxOptions = {
  secretKey: string;
  /** Like Stripe.js, the publishable key may create payment methods and confirm an intent whose client_secret it holds. */
  publishableKey: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** The interface it listens on: loopback (the default); a container's sandbox, shared by other containers, 0.0.0.0. */
  host?: string;
  /**
   * Where a shopper's browser reaches the sandbox: the base of the URLs it hands out for the
   * browser (the 3D Secure page, the hosted Checkout page, the Stripe.js stand-in). The shop's
   * built-in sandbox is reached under the shop's own origin (`<PUBLIC_URL>/_sandbox`, forwarded
   * by the shop); by default, the sandbox's own loopback address.
   */
  publicUrl?: string;
  webhookSecret: string;
  /** Where events are delivered, e.g. http://127.0.0.1:3000/webhooks/stripe. */
  webhookUrl: string;
  log?: (message: string) => void;
};

// Events go out on kept-alive connections (node:http rather than fetch: a sandbox that shares its
// process with the shop should cost it little).
const eventAgents = { "http:": new http.Agent({ keepAlive: true }), "https:": new https.Agent({ keepAlive: true }) };

/** POSTs one signed event; resolves with the answer's status once its body has been read. */
function postEvent(url: string, payload: string, signature: string): Promise<number> {
  const target = new URL(url);
  const client = target.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      target,
      {
        method: "POST",
        agent: eventAgents[target.protocol as keyof typeof eventAgents],
        headers: {
          "Content-Type": "application/json",
          "Content-Length": Buffer.byteLength(payload),
          "Stripe-Signature": signature,
        },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(payload);
  });
}

const newId = (prefix: string) => `${prefix}_${crypto.randomBytes(12).toString("hex")}`;

type Answer = { status: number; headers: http.OutgoingHttpHeaders; body: string };

const json = (status: number, body: unknown): Answer => ({
  status,
  headers: { "Content-Type": "application/json", "Request-Id": newId("req") },
  body: JSON.stringify(body),
});
// The sandbox's pages: one buyer's payment, never kept by a cache.
const PAGE_HEADERS = { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" };
// Loaded by <script src> from any page, as js.stripe.com is (a shop's CORP default would block it).
const STAND_IN_HEADERS = {
  "Content-Type": "text/javascript; charset=utf-8",
  "Cache-Control": "no-store",
  "Cross-Origin-Resource-Policy": "cross-origin",
};

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.message));
  }
}

// Keys that would reach an object's prototype rather than a field of its own.
const UNSAFE_KEYS = new Set(["__proto__", "prototype", "constructor"]);

/**
 * Parses Stripe's form encoding (`metadata[order]=x`, `card[number]=…`) into nested objects. A key
 * used both as a value and as an object (`card=x&card[number]=1`) is a 400, as with Stripe.
 */
function parseForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/\[|\]\[|\]/).filter(Boolean);
    if (parts.length === 0 || parts.some((part) => UNSAFE_KEYS.has(part))) continue;
    let node = out;
    for (const part of parts.slice(0, -1)) {
      const next = (node[part] ??= {});
      if (typeof next !== "object") throw invalidParam(key);
      node = next as Record<string, unknown>;
    }
    const last = parts[parts.length - 1];
    if (typeof node[last] === "object") throw invalidParam(key);
    node[last] = value;
  }
  return out;
}

const invalidParam = (param: string) =>
  new StripeApiError(400, {
    type: "invalid_request_error",
    param,
    message: `Invalid value for ${param}: a parameter cannot be both a value and a hash.`,
  });

/** Stripe refuses a URL it could not send the buyer to. */
function webUrlParam(params: Record<string, unknown>, name: string): string | null {
  const value = params[name];
  if (value === undefined) return null;
  if (typeof value === "string" && URL.canParse(value) && /^https?:$/.test(new URL(value).protocol)) return value;
  throw new StripeApiError(400, {
    type: "invalid_request_error",
    param: name,
    message: `Invalid URL: ${String(value).slice(0, 200)}`,
  });
}

export async function startStripeSandbox(options: SandboxOptions): Promise<{ url: string; close(): Promise<void> }> {
  const intents = new Map<string, Intent>();
  const cards = new Map<string, Card>(
    Object.entries(TOKENS).map(([id, number]) => [id, { number, brand: "visa", last4: number.slice(-4) }]),
  );
  const tokens = new Map<string, Card>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const sessions = new Map<string, CheckoutSession>();
  const sessionDetails = new Map<string, { lines: CheckoutLine[]; intentMetadata: Record<string, string> }>();
  // Where the browser is sent (set once listening, when no publicUrl is given).
  let publicUrl = options.publicUrl?.replace(/\/+$/, "") ?? "";
  const log = options.log ?? (() => {});

  async function deliver(type: string, object: unknown, attempt = 1): Promise<void> {
    const payload = JSON.stringify({
      id: newId("evt"),
      object: "event",
      type,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object },
    });
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: options.webhookSecret });
    try {
      const status = await postEvent(options.webhookUrl, payload, header);
      if (status < 200 || status > 299) throw new Error(`status ${status}`);
    } catch (error) {
      // Stripe retries for days; here for about a minute (0.4 s, doubling, capped at 10 s), long enough
      // to outlast a restart of the shop's database.
      if (attempt >= 10) return log(`payment sandbox: gave up delivering ${type}: ${String(error)}`);
      setTimeout(() => void deliver(type, object, attempt + 1), Math.min(200 * 2 ** attempt, 10_000)).unref();
    }
  }

  function intentOr404(id: string): Intent {
    const intent = intents.get(id);
    if (!intent)
      throw new StripeApiError(404, {
        type: "invalid_request_error",
        code: "resource_missing",
        message: `No such payment_intent: '${id}'`,
      });
    return intent;
  }

  /** The card in `card[…]` params (a test card number, or a token from POST /v1/tokens). */
  function cardFrom(params: Record<string, unknown>): Card {
    const card = (params.card ?? {}) as Record<string, string>;
    if (card.token) {
      const tokenCard = tokens.get(card.token);
      if (!tokenCard)
        throw new StripeApiError(400, {
          type: "invalid_request_error",
          code: "resource_missing",
          param: "card[token]",
          message: `No such token: '${card.token}'`,
        });
      tokens.delete(card.token); // single use, as Stripe's
      return tokenCard;
    }
    const number = String(card.number ?? "").replace(/\D/g, "");
    if (!TEST_CARDS[number])
      throw new StripeApiError(402, {
        type: "card_error",
        code: "incorrect_number",
        param: "card[number]",
        message: "Your card number is incorrect.",
      });
    return {
      number,
      brand: "visa",
      last4: number.slice(-4),
      exp_month: Number(card.exp_month),
      exp_year: Number(card.exp_year),
    };
  }

  function createPaymentMethod(params: Record<string, unknown>) {
    const card = cardFrom(params);
    const billing = (params.billing_details ?? {}) as Record<string, any>;
    const address = (billing.address ?? {}) as Record<string, string>;
    const id = newId("pm");
    cards.set(id, card);
    return {
      id,
      object: "payment_method",
      type: "card",
      billing_details: {
        address: Object.fromEntries(
          ["city", "country", "line1", "line2", "postal_code", "state"].map((k) => [k, address[k] ?? null]),
        ),
        email: billing.email ?? null,
        name: billing.name ?? null,
        phone: billing.phone ?? null,
      },
      card: {
        brand: card.brand,
        last4: card.last4,
        exp_month: card.exp_month,
        exp_year: card.exp_year,
        funding: "credit",
        country: "US",
      },
      created: Math.floor(Date.now() / 1000),
      customer: null,
      livemode: false,
      metadata: {},
    };
  }

  /** A single-use card token, as Stripe.js's createToken makes; POST /v1/payment_methods takes it as card[token]. */
  function createToken(params: Record<string, unknown>) {
    const card = cardFrom(params);
    const details = (params.card ?? {}) as Record<string, string>;
    const id = newId("tok");
    tokens.set(id, card);
    const address = ["city", "country", "line1", "line2", "state", "zip"].map((k) => [
      `address_${k}`,
      details[`address_${k}`] ?? null,
    ]);
    return {
      id,
      object: "token",
      type: "card",
      card: {
        id: newId("card"),
        object: "card",
        ...Object.fromEntries(address),
        brand: "Visa",
        country: "US",
        cvc_check: details.cvc ? "unchecked" : null,
        exp_month: card.exp_month,
        exp_year: card.exp_year,
        funding: "credit",
        last4: card.last4,
        name: details.name ?? null,
      },
      client_ip: null,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      used: false,
    };
  }

  function createIntent(params: Record<string, unknown>): Intent {
    const amount = Number(params.amount);
    if (!Number.isInteger(amount) || amount < 50)
      throw new StripeApiError(400, {
        type: "invalid_request_error",
        param: "amount",
        message: "Amount must be at least $0.50 usd",
      });
    const id = newId("pi");
    const intent: Intent = {
      id,
      object: "payment_intent",
      amount,
      amount_received: 0,
      currency: String(params.currency ?? "usd"),
      status: "requires_payment_method",
      client_secret: `${id}_secret_${crypto.randomBytes(8).toString("hex")}`,
      metadata: (params.metadata ?? {}) as Record<string, string>,
      payment_method: null,
      next_action: null,
      last_payment_error: null,
      latest_charge: null,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
    };
    intents.set(id, intent);
    return intent;
  }

  function confirm(intent: Intent, params: Record<string, unknown>): Intent {
    if (intent.status !== "requires_payment_method")
      throw new StripeApiError(400, {
        type: "invalid_request_error",
        code: "payment_intent_unexpected_state",
        message: `This PaymentIntent's status is ${intent.status}, so it cannot be confirmed.`,
        payment_intent: intent,
      });
    const returnUrl = webUrlParam(params, "return_url");
    const card = cards.get(String(params.payment_method ?? ""));
    if (!card)
      throw new StripeApiError(400, {
        type: "invalid_request_error",
        code: "resource_missing",
        message: "No such PaymentMethod",
      });
    const test = TEST_CARDS[card.number];
    intent.payment_method = String(params.payment_method);
    if (test.outcome === "succeeded") return succeed(intent);
    if (test.outcome !== "declined") {
      intent.status = "requires_action";
      intent.last_payment_error = null;
      intent.next_action = {
        type: "redirect_to_url",
        redirect_to_url: { url: `${publicUrl}/authenticate/${intent.id}`, return_url: returnUrl },
      };
      return intent;
    }
    const error = { type: "card_error", code: "card_declined", decline_code: test.decline_code, message: test.message };
    intent.last_payment_error = error;
    intent.payment_method = null;
    void deliver("payment_intent.payment_failed", { ...intent });
    throw new StripeApiError(402, { ...error, payment_intent: { ...intent } });
  }

  function succeed(intent: Intent): Intent {
    intent.status = "succeeded";
    intent.amount_received = intent.amount;
    intent.latest_charge = newId("ch");
    intent.last_payment_error = null;
    intent.next_action = null;
    void deliver("payment_intent.succeeded", { ...intent });
    return intent;
  }

  /** The bank's answer to a 3D Secure check: the buyer passed it, or not. */
  function authenticate(intent: Intent, passed: boolean): Intent {
    if (intent.status !== "requires_action")
      throw new StripeApiError(400, {
        type: "invalid_request_error",
        code: "payment_intent_unexpected_state",
        message: `This PaymentIntent's status is ${intent.status}.`,
      });
    if (passed) return succeed(intent);
    intent.status = "requires_payment_method";
    intent.payment_method = null;
    intent.next_action = null;
    intent.last_payment_error = AUTHENTICATION_FAILED;
    void deliver("payment_intent.payment_failed", { ...intent });
    return intent;
  }

  /** The issuing bank's 3D Secure page, in miniature: the buyer completes or fails the check. */
  function authenticationPage(method: string, intent: Intent, params: Record<string, unknown>, publicCall: boolean) {
    if (method !== "POST") return { status: 200, headers: PAGE_HEADERS, body: authenticationPageHtml(intent) };
    const returnUrl = intent.next_action?.redirect_to_url.return_url;
    authenticate(intent, params.outcome === "complete");
    // Stripe.js's own window answers in JSON; a redirect goes back to the return_url, as Stripe does.
    if (publicCall || !returnUrl) return json(200, intent);
    const back = new URL(returnUrl);
    back.searchParams.set("payment_intent", intent.id);
    back.searchParams.set("payment_intent_client_secret", intent.client_secret);
    back.searchParams.set("redirect_status", intent.status === "succeeded" ? "succeeded" : "failed");
    return { status: 303, headers: { Location: back.toString() }, body: "" };
  }

  function cancel(intent: Intent): Intent {
    if (intent.status === "succeeded" || intent.status === "canceled")
      throw new StripeApiError(400, {
        type: "invalid_request_error",
        code: "payment_intent_unexpected_state",
        message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
      });
    intent.status = "canceled";
    void deliver("payment_intent.canceled", { ...intent });
    return intent;
  }

  // Refunds by intent, newest first: in full or in part (`amount`), never more than was paid.
  type Refund = {
    id: string;
    object: "refund";
    amount: number;
    payment_intent: string;
    status: string;
    metadata: Record<string, string>;
    created: number;
  };
  const refunds = new Map<string, Refund[]>();

  function refund(params: Record<string, unknown>) {
    const intent = intentOr404(String(params.payment_intent ?? ""));
    if (intent.status !== "succeeded")
      throw new StripeApiError(400, {
        type: "invalid_request_error",
        message: "This PaymentIntent has no successful charge to refund.",
      });
    const earlier = refunds.get(intent.id) ?? [];
    const left = intent.amount - earlier.reduce((sum, r) => sum + r.amount, 0);
    if (left <= 0)
      throw new StripeApiError(400, {
        type: "invalid_request_error",
        code: "charge_already_refunded",
        message: `Charge ${intent.latest_charge} has already been refunded.`,
      });
    const amount = params.amount === undefined ? left : Number(params.amount);
    if (!Number.isInteger(amount) || amount <= 0 || amount > left)
      throw new StripeApiError(400, {
        type: "invalid_request_error",
        code: "amount_too_large",
        message: `Refund amount (${String(params.amount)}) is greater than unrefunded amount on charge (${left})`,
      });
    const refundObject: Refund = {
      id: newId("re"),
      object: "refund",
      amount,
      payment_intent: intent.id,
      status: "succeeded",
      metadata: (params.metadata as Record<string, string> | undefined) ?? {},
      created: Math.floor(Date.now() / 1000),
    };
    refunds.set(intent.id, [refundObject, ...earlier]);
    const refunded = intent.amount - left + amount;
    void deliver("charge.refunded", {
      id: intent.latest_charge,
      object: "charge",
      payment_intent: intent.id,
      amount: intent.amount,
      amount_refunded: refunded,
      refunded: refunded === intent.amount,
    });
    return refundObject;
  }

  function listRefunds(params: Record<string, unknown>) {
    const found = refunds.get(String(params.payment_intent ?? "")) ?? [];
    return { object: "list", url: "/v1/refunds", has_more: false, data: found };
  }

  function sessionOr404(id: string): CheckoutSession {
    const session = sessions.get(id);
    if (!session)
      throw new StripeApiError(404, {
        type: "invalid_request_error",
        code: "resource_missing",
        message: `No such checkout.session: '${id}'`,
      });
    // Stripe expires open sessions at expires_at; here it happens when the session is next looked at.
    if (session.status === "open" && session.expires_at * 1000 <= Date.now()) expire(session);
    return session;
  }

  function createSession(params: Record<string, unknown>): CheckoutSession {
    const invalid = (param: string, message: string) =>
      new StripeApiError(400, { type: "invalid_request_error", param, message });
    if (params.mode !== "payment") throw invalid("mode", "Only mode=payment is supported by the payment sandbox.");
    if (params.success_url === undefined) throw invalid("success_url", "Missing required param: success_url.");
    const successUrl = webUrlParam(params, "success_url")!;
    const cancelUrl = webUrlParam(params, "cancel_url");
    const lines: CheckoutLine[] = Object.values((params.line_items ?? {}) as Record<string, Record<string, any>>).map(
      (item) => ({
        name: String(item.price_data?.product_data?.name ?? ""),
        unitAmount: Number(item.price_data?.unit_amount),
        quantity: Number(item.quantity ?? 1),
      }),
    );
    if (
      lines.length === 0 ||
      lines.some(
        (l) =>
          !l.name ||
          !Number.isInteger(l.unitAmount) ||
          l.unitAmount < 0 ||
          !Number.isInteger(l.quantity) ||
          l.quantity < 1,
      )
    )
      throw invalid(
        "line_items",
        "Each line item needs price_data[product_data][name], price_data[unit_amount] and quantity.",
      );
    const now = Math.floor(Date.now() / 1000);
    const expiresAt = params.expires_at === undefined ? now + 24 * 3600 : Number(params.expires_at);
    if (!(expiresAt >= now + 30 * 60 && expiresAt <= now + 24 * 3600))
      throw invalid(
        "expires_at",
        "The Checkout Session must expire between 30 minutes and 24 hours after it is created.",
      );
    const id = newId("cs_test");
    const session: CheckoutSession = {
      id,
      object: "checkout.session",
      mode: "payment",
      status: "open",
      payment_status: "unpaid",
      payment_intent: null,
      amount_total: lines.reduce((sum, l) => sum + l.unitAmount * l.quantity, 0),
      currency: String((params.line_items as any)?.[0]?.price_data?.currency ?? "usd"),
      client_reference_id: typeof params.client_reference_id === "string" ? params.client_reference_id : null,
      customer_email: typeof params.customer_email === "string" ? params.customer_email : null,
      metadata: (params.metadata ?? {}) as Record<string, string>,
      success_url: successUrl,
      cancel_url: cancelUrl,
      url: `${publicUrl}/pay/${id}`,
      expires_at: expiresAt,
      created: now,
      livemode: false,
    };
    const intentMetadata = ((params.payment_intent_data as Record<string, unknown> | undefined)?.metadata ??
      {}) as Record<string, string>;
    sessions.set(id, session);
    sessionDetails.set(id, { lines, intentMetadata });
    return session;
  }

  function expire(session: CheckoutSession) {
    session.status = "expired";
    session.url = null;
    const intent = session.payment_intent ? intents.get(session.payment_intent) : undefined;
    if (intent && (intent.status === "requires_payment_method" || intent.status === "requires_action"))
      intent.status = "canceled";
    void deliver("checkout.session.expired", { ...session });
  }

  function expireSession(session: CheckoutSession): CheckoutSession {
    if (session.status !== "open")
      throw new StripeApiError(400, {
        type: "invalid_request_error",
        message: `Only Checkout Sessions with a status in ["open"] can be expired. This session has a status of "${session.status}".`,
      });
    expire(session);
    return session;
  }

  function completeSession(session: CheckoutSession) {
    session.status = "complete";
    session.payment_status = "paid";
    session.url = null;
    void deliver("checkout.session.completed", { ...session });
    const location = session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id);
    return { status: 303, headers: { Location: location }, body: "" };
  }

  /** Stripe's hosted payment page, in miniature: a card form that works without JavaScript. */
  function hostedCheckout(method: string, id: string, params: Record<string, unknown>): Answer {
    const html = (status: number, body: string) => ({ status, headers: PAGE_HEADERS, body });
    const session = sessions.get(id) ? sessionOr404(id) : undefined;
    if (!session) return html(404, "<!doctype html><title>Not found</title><p>This payment page does not exist.</p>");
    const { lines, intentMetadata } = sessionDetails.get(id)!;
    const view = (error?: string) =>
      checkoutPage({
        session,
        lines,
        error,
        typed: error
          ? { number: String(params.number ?? ""), expiry: String(params.expiry ?? ""), cvc: String(params.cvc ?? "") }
          : {},
      });
    if (session.status !== "open") return html(410, view());
    const current = session.payment_intent ? intents.get(session.payment_intent) : undefined;
    if (method !== "POST") {
      // Back from the bank's check: finish the session, or show why not.
      if (current?.status === "succeeded") return completeSession(session);
      return html(200, view(current?.last_payment_error?.message));
    }
    try {
      const [month, year] = String(params.expiry ?? "")
        .split("/")
        .map((part) => Number(part.trim()));
      const card = createPaymentMethod({
        card: { number: params.number, exp_month: month, exp_year: year, cvc: params.cvc },
      });
      if (!(month >= 1 && month <= 12 && year >= 0))
        throw new StripeApiError(402, {
          type: "card_error",
          code: "invalid_expiry_month",
          message: "Your card's expiration date is incomplete.",
        });
      // One intent per session, created at the first attempt and confirmed again after a decline.
      const intent =
        (session.payment_intent && intents.get(session.payment_intent)) ||
        createIntent({ amount: session.amount_total, currency: session.currency, metadata: intentMetadata });
      session.payment_intent = intent.id;
      confirm(intent, { payment_method: card.id, return_url: `${publicUrl}/pay/${session.id}` });
      if (intent.next_action)
        return { status: 303, headers: { Location: intent.next_action.redirect_to_url.url }, body: "" };
      return completeSession(session);
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      return html(402, view(error.message));
    }
  }

  function route(method: string, path: string, params: Record<string, unknown>): unknown {
    let m: RegExpMatchArray | null;
    if (method === "POST" && path === "/v1/payment_methods") return createPaymentMethod(params);
    if (method === "POST" && path === "/v1/tokens") return createToken(params);
    if (method === "POST" && path === "/v1/payment_intents") return createIntent(params);
    if ((m = path.match(/^\/v1\/payment_intents\/([\w]+)$/)) && method === "GET") return intentOr404(m[1]);
    if ((m = path.match(/^\/v1\/payment_intents\/([\w]+)\/confirm$/)) && method === "POST")
      return confirm(intentOr404(m[1]), params);
    if ((m = path.match(/^\/v1\/payment_intents\/([\w]+)\/cancel$/)) && method === "POST")
      return cancel(intentOr404(m[1]));
    if (method === "POST" && path === "/v1/refunds") return refund(params);
    if (method === "GET" && path === "/v1/refunds") return listRefunds(params);
    if (method === "POST" && path === "/v1/checkout/sessions") return createSession(params);
    if ((m = path.match(/^\/v1\/checkout\/sessions\/(\w+)$/)) && method === "GET") return sessionOr404(m[1]);
    if ((m = path.match(/^\/v1\/checkout\/sessions\/(\w+)\/expire$/)) && method === "POST")
      return expireSession(sessionOr404(m[1]));
    throw new StripeApiError(404, {
      type: "invalid_request_error",
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  }

  /** One request, its body read: the sandbox's answer. Throws a StripeApiError for a request it refuses. */
  function answer(method: string, url: URL, headers: http.IncomingHttpHeaders, rawBody: string): Answer {
    if (url.pathname === "/v3" || url.pathname === "/v3/")
      return { status: 200, headers: STAND_IN_HEADERS, body: stripeJsStandIn };
    // Stripe.js calls the API from the shop's pages (or a client's, on another origin), with the
    // publishable key in the body.
    if (method === "OPTIONS")
      return {
        status: 204,
        headers: {
          "Access-Control-Allow-Methods": "GET, POST",
          "Access-Control-Allow-Headers": "Authorization, Content-Type",
        },
        body: "",
      };
    const params = { ...parseForm(rawBody), ...Object.fromEntries(url.searchParams) };
    const pay = url.pathname.match(/^\/pay\/(cs_\w+)$/);
    if (pay) return hostedCheckout(method, pay[1], params);
    const auth3ds = url.pathname.match(/^\/authenticate\/(pi_\w+)$/);
    if (auth3ds) {
      const intent = intents.get(auth3ds[1]);
      if (!intent) return json(404, { error: { type: "invalid_request_error", message: "No such payment_intent" } });
      return authenticationPage(method, intent, params, params.client_secret === intent.client_secret);
    }
    const auth = headers.authorization ?? (params.key ? `Bearer ${String(params.key)}` : undefined);
    const publicCall =
      auth === `Bearer ${options.publishableKey}` &&
      (url.pathname === "/v1/payment_methods" ||
        url.pathname === "/v1/tokens" ||
        (/^\/v1\/payment_intents\/\w+(\/confirm)?$/.test(url.pathname) &&
          intents.get(url.pathname.split("/")[3])?.client_secret === params.client_secret));
    if (auth !== `Bearer ${options.secretKey}` && !publicCall)
      return json(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided." } });
    const key = headers["idempotency-key"];
    const idempotencyKey = typeof key === "string" && method === "POST" ? `${url.pathname}${url.search}:${key}` : null;
    const replay = idempotencyKey ? idempotent.get(idempotencyKey) : undefined;
    if (replay) return json(replay.status, replay.body);
    let status = 200;
    let body: unknown;
    try {
      body = route(method, url.pathname, params);
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      status = error.status;
      body = { error: error.body };
    }
    if (idempotencyKey) idempotent.set(idempotencyKey, { status, body });
    return json(status, body);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on("end", () => {
      let reply: Answer;
      try {
        if (size > MAX_BODY_BYTES)
          throw new StripeApiError(413, {
            type: "invalid_request_error",
            message: `Request bodies are limited to ${MAX_BODY_BYTES} bytes.`,
          });
        if (!URL.canParse(req.url ?? "/", "http://sandbox"))
          throw new StripeApiError(400, { type: "invalid_request_error", message: "Invalid request URL." });
        reply = answer(
          req.method ?? "GET",
          new URL(req.url ?? "/", "http://sandbox"),
          req.headers,
          Buffer.concat(chunks).toString("utf8"),
        );
      } catch (error) {
        if (error instanceof StripeApiError) reply = json(error.status, { error: error.body });
        else {
          // A bug of the sandbox's own: said, and answered as Stripe answers its own failures.
          log(
            `payment sandbox: ${req.method} ${req.url} failed: ${error instanceof Error ? error.stack : String(error)}`,
          );
          reply = json(500, {
            error: { type: "api_error", message: "The payment sandbox failed to answer this request." },
          });
        }
      }
      res.writeHead(reply.status, { "Access-Control-Allow-Origin": "*", ...reply.headers });
      res.end(reply.body);
    });
  });
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  publicUrl ||= url;
  return {
    url,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
