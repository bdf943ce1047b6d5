import crypto from "node:crypto";
import type { NextFunction, Request, Response } from "express";

/**
 * The Content-Security-Policy and Permissions-Policy headers. Inline scripts (Remix's hydration
 * data, scroll restoration, React's streaming) run only when they carry the response's nonce, a
 * fresh random value per response, never 'unsafe-inline'. A page served again from the anonymous
 * page cache replays old bytes, and so an old nonce: its policy names the sha256 hashes of the
 * inline scripts that carried the nonce when it was stored instead (see forStoredResponse).
 */

export type PolicySources = {
  /** Origins scripts may come from besides the shop (Stripe.js). */
  script: string[];
  connect: string[];
  frame: string[];
  /** Where forms may post or redirect to besides the shop (Google sign-in, Stripe Checkout). */
  formAction: string[];
  upgradeInsecureRequests: boolean;
};

// Features the shop never uses are turned off for the page and every frame in it. Only names that
// Chromium and Firefox know: an unknown one is logged as an error in the console.
const FEATURES_OFF = [
  "accelerometer",
  "autoplay",
  "camera",
  "display-capture",
  "encrypted-media",
  "fullscreen",
  "geolocation",
  "gyroscope",
  "hid",
  "idle-detection",
  "magnetometer",
  "microphone",
  "midi",
  "picture-in-picture",
  "publickey-credentials-get",
  "screen-wake-lock",
  "serial",
  "usb",
  "xr-spatial-tracking",
];

/** Every feature the shop does not use off; payment (the Payment Request API) for the shop and these origins. */
export function permissionsPolicy(paymentOrigins: string[]): string {
  const payment = ["self", ...new Set(paymentOrigins)].map((source) => (source === "self" ? source : `"${source}"`));
  return [...FEATURES_OFF.map((feature) => `${feature}=()`), `payment=(${payment.join(" ")})`].join(", ");
}

export type ContentSecurityPolicy = {
  /** The policy for a response whose inline scripts carry this nonce. */
  withNonce(nonce: string): string;
  /**
   * The policy for a response's bytes sent again (the page cache): for HTML, the hashes of the
   * inline scripts that carried `nonce`, the response's; no inline script for anything else.
   */
  forStoredResponse(body: Buffer, contentType: string, nonce: string): string;
};

export function contentSecurityPolicy(sources: PolicySources): ContentSecurityPolicy {
  const directives: [string, string[]][] = [
    ["default-src", ["'self'"]],
    ["base-uri", ["'self'"]],
    ["object-src", ["'none'"]],
    ["script-src", ["'self'", ...sources.script]],
    ["script-src-attr", ["'none'"]],
    ["img-src", ["'self'", "data:", "blob:"]],
    // React and Bootstrap set style attributes; styles cannot run code.
    ["style-src", ["'self'", "'unsafe-inline'"]],
    ["connect-src", ["'self'", ...sources.connect]],
    ["frame-src", ["'self'", ...sources.frame]],
    ["form-action", ["'self'", ...sources.formAction]],
    ["frame-ancestors", ["'none'"]],
    ...(sources.upgradeInsecureRequests ? [["upgrade-insecure-requests", []] as [string, string[]]] : []),
  ];
  const text = directives.map(([name, values]) => [name, ...values].join(" "));
  // Everything up to the end of script-src's fixed sources, and the rest: a header is one concat.
  const scriptIndex = directives.findIndex(([name]) => name === "script-src");
  const head = text.slice(0, scriptIndex + 1).join(";");
  const tail = `;${text.slice(scriptIndex + 1).join(";")}`;
  const withSources = (extra: string) => (extra ? `${head} ${extra}${tail}` : `${head}${tail}`);

  return {
    withNonce: (nonce) => withSources(`'nonce-${nonce}'`),
    forStoredResponse: (body, contentType, nonce) => {
      const hashes = /^text\/html\b/i.test(contentType) ? inlineScriptHashes(body.toString("utf8"), nonce) : [];
      return withSources(hashes.map((hash) => `'${hash}'`).join(" "));
    },
  };
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const NONCE_ATTRIBUTE = /\snonce\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i;

/**
 * `sha256-…` sources for the inline scripts of `html` that carry `nonce` (ones without it, which
 * the nonce would not have allowed either, are left out), each once, in the page's order.
 */
export function inlineScriptHashes(html: string, nonce: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, body] of html.matchAll(SCRIPT)) {
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const match = NONCE_ATTRIBUTE.exec(attributes);
    if ((match?.[1] ?? match?.[2] ?? match?.[3]) !== nonce) continue;
    hashes.add(`sha256-${crypto.createHash("sha256").update(body, "utf8").digest("base64")}`);
  }
  return [...hashes];
}

// 16 random bytes per nonce, sliced from a pooled draw (as crypto.randomUUID pools its entropy):
// one crypto.randomBytes call per response took 3.6 µs under load, a slice of the pool 0.1 µs.
let pool = Buffer.alloc(0);
let offset = 0;
function newNonce(): string {
  if (offset + 16 > pool.length) {
    pool = crypto.randomBytes(4096);
    offset = 0;
  }
  offset += 16;
  return pool.toString("base64", offset - 16, offset);
}

/** A fresh nonce for each response, in res.locals.cspNonce (for the page), and the headers. */
export function securityPolicies(policy: ContentSecurityPolicy | null, permissions: string) {
  return function setPolicies(_req: Request, res: Response, next: NextFunction) {
    const nonce = newNonce();
    res.locals.cspNonce = nonce;
    if (policy) res.setHeader("Content-Security-Policy", policy.withNonce(nonce));
    res.setHeader("Permissions-Policy", permissions);
    next();
  };
}
