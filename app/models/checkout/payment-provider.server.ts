import Stripe from "stripe";
import { stripeSettings } from "~/config.server";
import { STRIPE_INTENT_SUCCEEDED } from "~/lib/order-states";
import { PAYMENT_PROBLEM } from "~/lib/payment-messages";
import { PublicError } from "~/lib/public-error";
import { getShopSettings } from "~/models/settings";

// The payment provider: Stripe, or the local payment sandbox that speaks the same HTTP API (same
// SDK code path either way). Every call to it goes through here, never inside a database
// transaction (commitTogether holds the process's write lock while its body runs): the checkout
// modules call the provider before or after their writes.

let client: Stripe | undefined;

/** The stripe SDK, talking to Stripe or to the local payment sandbox. */
export function stripe(): Stripe {
  if (client) return client;
  const settings = stripeSettings();
  if (!settings.secretKey) throw new Error("Stripe is not configured: STRIPE_SECRET_KEY is empty");
  client = new Stripe(settings.secretKey, {
    ...(settings.api ?? {}),
    maxNetworkRetries: settings.sandbox ? 0 : 2,
    telemetry: !settings.sandbox,
    appInfo: { name: "ShopIT" },
  });
  return client;
}

/**
 * Starts an SDK call without the caller's stack trace, which the SDK captures (`new Error().stack`,
 * formatted at once, through the source maps) on every call for the errors it might throw: about a
 * quarter of a millisecond of the event loop per payment. The shop turns SDK errors into its own
 * messages and never shows that trace.
 */
export function withoutCallSite<T>(start: () => Promise<T>): Promise<T> {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return start();
  } finally {
    Error.stackTraceLimit = limit;
  }
}

export function isSandbox(): boolean {
  return stripeSettings().sandbox;
}

export function stripeJsUrl(): string {
  return stripeSettings().jsUrl;
}

export function publishableKey(): string {
  return stripeSettings().publishableKey;
}

/** Checks a webhook's signature over its raw body; throws when it does not match or is too old. */
export function verifyWebhook(rawBody: string, signature: string | null): Stripe.Event {
  const secret = stripeSettings().webhookSecret;
  if (!secret || !signature) throw new Error("Missing webhook signature or secret");
  return stripe().webhooks.constructEvent(rawBody, signature, secret);
}

/** For tests: forget the client so that the next call reads the settings again. */
export function resetStripeClient() {
  client = undefined;
}

export const unreachable = () =>
  new PublicError("The payment service is not reachable right now. Please try again.", 503);

/** `make`'s intent; a provider that cannot be reached (or refuses) is the buyer's 503. */
async function openIntent(make: () => Promise<Stripe.PaymentIntent>): Promise<Stripe.PaymentIntent> {
  try {
    return await withoutCallSite(make);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) throw unreachable();
    throw error;
  }
}

/** The shop's currency as Stripe names it ("usd"). */
export const shopCurrency = async () => (await getShopSettings()).currency.toLowerCase();

/** A PaymentIntent for an order the shop priced, made before the order is written (its id in the metadata). */
export async function createOrderIntent(
  userId: string | null,
  orderId: string,
  amountCents: number,
): Promise<Stripe.PaymentIntent> {
  const currency = await shopCurrency();
  return openIntent(() =>
    stripe().paymentIntents.create(
      {
        amount: amountCents,
        currency,
        automatic_payment_methods: { enabled: true, allow_redirects: "never" },
        metadata: userId ? { orderId, userId } : { orderId, guest: "true" },
      },
      { idempotencyKey: `order-${orderId}` },
    ),
  );
}

/** A PaymentIntent for an amount alone, with its own metadata (the client-cart checkout's). */
export async function createAmountIntent(
  amountCents: number,
  metadata: Record<string, string>,
): Promise<Stripe.PaymentIntent> {
  const currency = await shopCurrency();
  return openIntent(() =>
    stripe().paymentIntents.create({
      amount: amountCents,
      currency,
      automatic_payment_methods: { enabled: true, allow_redirects: "never" },
      metadata,
    }),
  );
}

export type CardInput = { number: string; expMonth: number; expYear: number; cvc: string };

/** What confirming an intent with a card came to: paid or not (settlePayment asks), the bank's page, or a refusal. */
export type CardOutcome =
  { kind: "confirmed" } | { kind: "authenticate"; url: string } | { kind: "refused"; message: string };

/** The sandbox's card form: the card goes to the provider (never stored) and confirms the intent. */
export async function confirmWithCard(intentId: string, card: CardInput, returnUrl: string): Promise<CardOutcome> {
  try {
    const method = await stripe().paymentMethods.create({
      type: "card",
      card: { number: card.number, exp_month: card.expMonth, exp_year: card.expYear, cvc: card.cvc },
    });
    const confirmed = await stripe().paymentIntents.confirm(intentId, {
      payment_method: method.id,
      return_url: returnUrl,
    });
    const authenticateAt = confirmed.next_action?.redirect_to_url?.url;
    if (confirmed.status === "requires_action" && authenticateAt) return { kind: "authenticate", url: authenticateAt };
    return { kind: "confirmed" };
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError) return { kind: "refused", message: error.message };
    if (error instanceof Stripe.errors.StripeError) return { kind: "refused", message: PAYMENT_PROBLEM };
    throw error;
  }
}

/** The intent as the provider has it now; null when it cannot be asked. */
export function retrieveIntent(intentId: string): Promise<Stripe.PaymentIntent | null> {
  return withoutCallSite(() => stripe().paymentIntents.retrieve(intentId)).catch(() => null);
}

/** The intent and whether any of it was refunded; null when the provider knows no such intent (503 when it cannot be reached). */
export async function intentWithRefunds(
  intentId: string,
): Promise<{ intent: Stripe.PaymentIntent; refunded: boolean } | null> {
  try {
    const intent = await stripe().paymentIntents.retrieve(intentId);
    const refunded = (await stripe().refunds.list({ payment_intent: intentId, limit: 1 })).data.length > 0;
    return { intent, refunded };
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError) return null;
    if (error instanceof Stripe.errors.StripeError) throw unreachable();
    throw error;
  }
}

/** The Checkout Session as the provider has it now; null when it cannot be asked. */
export function retrieveSession(sessionId: string): Promise<Stripe.Checkout.Session | null> {
  return stripe()
    .checkout.sessions.retrieve(sessionId)
    .catch(() => null);
}

/**
 * Cancels an unpaid intent. When that fails because it was paid meanwhile (a race with the buyer's
 * bank), returns the succeeded intent so that the payment is kept; logs any other failure.
 */
export async function cancelIntentAt(intentId: string): Promise<Stripe.PaymentIntent | null> {
  try {
    await stripe().paymentIntents.cancel(intentId);
    return null;
  } catch (error) {
    const intent = await stripe()
      .paymentIntents.retrieve(intentId)
      .catch(() => null);
    if (intent?.status === STRIPE_INTENT_SUCCEEDED) return intent;
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError))
      console.error(`Could not cancel payment ${intentId}:`, error);
    return null;
  }
}

/**
 * Expires a Checkout Session that was not paid. When that fails, the session as it is now (paid
 * meanwhile, say) and whether the failure was unexpected (not the provider refusing a session
 * that can no longer expire).
 */
export async function expireSessionAt(
  sessionId: string,
): Promise<{ session: Stripe.Checkout.Session | null; unexpected: unknown } | null> {
  try {
    await stripe().checkout.sessions.expire(sessionId);
    return null;
  } catch (error) {
    const session = await retrieveSession(sessionId);
    return { session, unexpected: error instanceof Stripe.errors.StripeInvalidRequestError ? null : error };
  }
}

/** Refunds a payment in full; idempotent at the provider (the key), so calls racing for one intent refund it once. Throws when refused. */
export async function refundAt(intentId: string): Promise<void> {
  await stripe().refunds.create({ payment_intent: intentId }, { idempotencyKey: `refund-${intentId}` });
}

/** A refund as the provider has it: its id, amount, status and the shop's own refund id, when the shop made it. */
export type ProviderRefund = { id: string; amountCents: number; status: string; shopRefundId: string | null };

const providerRefundOf = (refund: Stripe.Refund): ProviderRefund => ({
  id: refund.id,
  amountCents: refund.amount,
  status: refund.status ?? "pending",
  shopRefundId: refund.metadata?.refundId ?? null,
});

/**
 * Refunds part (or all) of a payment for the shop's refund `refundId`: the key makes a retry of
 * the same refund a replay at the provider, never a second refund. Throws a PublicError when the
 * provider refuses or cannot be reached.
 */
export async function refundAmountAt(intentId: string, amountCents: number, refundId: string): Promise<ProviderRefund> {
  try {
    const refund = await withoutCallSite(() =>
      stripe().refunds.create(
        { payment_intent: intentId, amount: amountCents, metadata: { refundId } },
        { idempotencyKey: `refund-${refundId}` },
      ),
    );
    return providerRefundOf(refund);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError)
      throw new PublicError(`The payment provider refused the refund: ${error.message}`, 409);
    if (error instanceof Stripe.errors.StripeError) throw unreachable();
    throw error;
  }
}

/** Every refund of a payment, as the provider has them (those made in its dashboard included). */
export async function refundsAt(intentId: string): Promise<ProviderRefund[]> {
  const found: ProviderRefund[] = [];
  for await (const refund of stripe().refunds.list({ payment_intent: intentId, limit: 100 })) {
    found.push(providerRefundOf(refund));
  }
  return found;
}
