import Stripe from "stripe";
import { stripeSettings } from "~/config.server";

let client: Stripe | undefined;

/** The stripe SDK, talking to Stripe or to the local payment sandbox (same code path either way). */
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
