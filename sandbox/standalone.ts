// Runs the payment sandbox on its own (`npm run sandbox`), in two ways:
//
// - For a shop started WITH keys, to try it offline:
//     STRIPE_SECRET_KEY=sk_test_x STRIPE_PUBLISHABLE_KEY=pk_test_x STRIPE_WEBHOOK_SECRET=whsec_x \
//     SANDBOX_PORT=4242 WEBHOOK_URL=http://127.0.0.1:3000/webhooks/stripe npm run sandbox
//   then start the shop with the same three keys and STRIPE_API_URL=http://127.0.0.1:4242.
// - Shared by many nodes without keys (README, "Scaling out"): one sandbox for all of them, its keys
//   derived from the SESSION_SECRET they share, its webhooks sent to the load balancer, its pages
//   under the shop's address:
//     SESSION_SECRET=… SANDBOX_PORT=4242 WEBHOOK_URL=http://shop.example/webhooks/stripe \
//     SANDBOX_PUBLIC_URL=http://shop.example/_sandbox npm run sandbox
//   and every node with the same SESSION_SECRET and STRIPE_SANDBOX_URL=http://<this host>:4242.
// SANDBOX_HOST is the interface it listens on (127.0.0.1; 0.0.0.0 in a container other containers call).
import { startStripeSandbox } from "./stripe-sandbox";
import { sharedSandboxKeys } from "./shared-keys";

const required = (name: string) => {
  const value = process.env[name];
  if (!value) {
    console.error(`${name} must be set (see sandbox/standalone.ts)`);
    process.exit(1);
  }
  return value;
};

const keys = process.env.STRIPE_SECRET_KEY
  ? {
      secretKey: required("STRIPE_SECRET_KEY"),
      publishableKey: required("STRIPE_PUBLISHABLE_KEY"),
      webhookSecret: required("STRIPE_WEBHOOK_SECRET"),
    }
  : sharedSandboxKeys(required("SESSION_SECRET"));

const sandbox = await startStripeSandbox({
  ...keys,
  webhookUrl: required("WEBHOOK_URL"),
  port: Number(process.env.SANDBOX_PORT ?? 4242),
  host: process.env.SANDBOX_HOST || undefined,
  publicUrl: process.env.SANDBOX_PUBLIC_URL || undefined,
  log: (message) => console.warn(message),
});
console.log(`Payment sandbox listening at ${sandbox.url}`);
const stop = () => void sandbox.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
