// Runs the payment sandbox on its own, so that a shop started WITH keys can be tried offline:
//   STRIPE_SECRET_KEY=sk_test_x STRIPE_PUBLISHABLE_KEY=pk_test_x STRIPE_WEBHOOK_SECRET=whsec_x \
//   SANDBOX_PORT=4242 WEBHOOK_URL=http://127.0.0.1:3000/webhooks/stripe node --import tsx sandbox/standalone.ts
// then start the shop with the same three keys and STRIPE_API_URL=http://127.0.0.1:4242.
import { startStripeSandbox } from "./stripe-sandbox";

const required = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} must be set`);
  return value;
};

const sandbox = await startStripeSandbox({
  secretKey: required("STRIPE_SECRET_KEY"),
  publishableKey: required("STRIPE_PUBLISHABLE_KEY"),
  webhookSecret: required("STRIPE_WEBHOOK_SECRET"),
  webhookUrl: required("WEBHOOK_URL"),
  port: Number(process.env.SANDBOX_PORT ?? 4242),
  log: (message) => console.warn(message),
});
console.log(`Payment sandbox listening at ${sandbox.url}`);
const stop = () => void sandbox.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
