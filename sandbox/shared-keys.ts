import crypto from "node:crypto";

/**
 * The keys of one payment sandbox shared by many nodes (STRIPE_SANDBOX_URL), derived from the secret
 * the nodes already share (SESSION_SECRET): the sandbox (sandbox/standalone.ts) and every node
 * compute the same ones, and no key has to be handed round.
 */
export function sharedSandboxKeys(sessionSecret: string) {
  const derive = (purpose: string) =>
    crypto.createHmac("sha256", sessionSecret).update(`payment sandbox: ${purpose}`).digest("hex").slice(0, 32);
  return {
    secretKey: `sk_test_sandbox_${derive("secret key")}`,
    publishableKey: "pk_test_sandbox",
    webhookSecret: `whsec_sandbox_${derive("webhook secret")}`,
  };
}
