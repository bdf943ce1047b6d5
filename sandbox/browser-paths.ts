// What a shopper's browser may ask of the sandbox: its pages (3D Secure, hosted Checkout), the
// Stripe.js stand-in and the calls that makes with the publishable key. The shop forwards these,
// and only these, from its own origin to its built-in sandbox (app/web/sandbox-proxy.server.ts);
// the rest of the API is for the shop's server, on loopback.

const BROWSER_PATHS = [
  /^\/v3\/?$/,
  /^\/pay\/cs_\w+$/,
  /^\/authenticate\/pi_\w+$/,
  /^\/v1\/payment_methods$/,
  /^\/v1\/tokens$/,
  /^\/v1\/payment_intents\/pi_\w+(\/confirm)?$/,
];

export const BROWSER_METHODS = ["GET", "HEAD", "POST", "OPTIONS"];

export const isBrowserPath = (pathname: string) => BROWSER_PATHS.some((path) => path.test(pathname));

/** The largest request body the sandbox reads: its forms and calls are a few hundred bytes. */
export const MAX_BODY_BYTES = 64 * 1024;
