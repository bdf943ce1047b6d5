import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, type Project } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./tests/chromium";
import { freePorts } from "./tests/e2e/support/free-ports";
import { e2eEnv } from "./tests/e2e/support/env";
import { CATALOGUE_WRITE } from "./tests/e2e/support/catalogue-write";
import { mainShopEnv, shopEnv } from "./tests/e2e/support/shop-env";

// Chosen once in the main process; workers inherit them through the environment. The ports are
// ones the system just handed out as free (a random range collided with other servers).
const ports = process.env.E2E_PORT ? [] : freePorts(6);
process.env.E2E_PORT ??= String(ports[0]);
process.env.E2E_SMTP_PORT ??= String(ports[1]);
process.env.E2E_OIDC_PORT ??= String(ports[2]);
process.env.E2E_KEYS_PORT ??= String(ports[3]);
process.env.E2E_KEYS_SANDBOX_PORT ??= String(ports[4]);
process.env.E2E_STOREFRONT_PORT ??= String(ports[5]);
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "shop-e2e-"));
const env = e2eEnv();
const externalShop = process.env.E2E_EXTERNAL_SHOP === "1";
// The two-node run (scripts/scale/run.ts, PostgreSQL behind HAProxy) runs what several nodes can
// break: the API project, which reaches every write route, and the page flows whose requests go
// from one node to the other with something to carry (a session, a cart, a payment and its webhook,
// an admin's edit and the cached pages it changes, an upload), with JavaScript off so that every
// step is a request. The JavaScript-on pass, the browser-only walks (axe, layouts, enhancements) and
// the other page flows run on SQLite (the first run, every project); every model they call runs on
// PostgreSQL in Vitest. Specs that start a shop of their own (one process on SQLite: support/own-shop.ts)
// are left out there: behind the balancer they would prove the same again.
const serverPaths = process.env.E2E_SERVER_PATHS === "1";
const CROSS_NODE_FLOWS = [
  "accounts",
  "admin",
  "cart",
  "checkout",
  "guest-checkout",
  "orders",
  "refunds",
  "returns",
  "sessions",
];
const OWN_SHOP_API_SPECS = [
  "categories",
  "discounts",
  "edge-log",
  "mail-kill",
  "settings",
  "shipping",
  "shopper-mails",
];
const baseURL = `http://127.0.0.1:${env.port}`;
const keysURL = `http://127.0.0.1:${env.keysPort}`;
const keysSandboxURL = `http://127.0.0.1:${env.keysSandboxPort}`;
// "Real" Stripe keys for the second shop; the standalone sandbox accepts them as Stripe would.
const stripeKeys = {
  STRIPE_SECRET_KEY: "sk_test_e2e_keys",
  STRIPE_PUBLISHABLE_KEY: "pk_test_e2e_keys",
  STRIPE_WEBHOOK_SECRET: "whsec_e2e_keys",
};

/** A shop Playwright starts and waits for (the production build: npm test builds first). */
function shop(port: number, env: Record<string, string>) {
  return {
    command: "node --import tsx server.ts",
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
    env,
  };
}

/**
 * Each project twice: its tests that only read the demo catalogue, then (once all of those are
 * done) its tests that add products to it, so no reader sees another test's products.
 */
function readersThenWriters(projects: (Project & { name: string })[]): Project[] {
  const readers = projects.map((p) => ({ ...p, grepInvert: new RegExp(CATALOGUE_WRITE) }));
  const writers = projects.map((p) => ({
    ...p,
    name: `${p.name}-writes`,
    grep: new RegExp(CATALOGUE_WRITE),
    dependencies: readers.map((r) => r.name),
  }));
  return [...readers, ...writers];
}

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  // The list, and each project's line in npm test's stage table (scripts/test/stage-log.ts).
  reporter: [["list"], ["./tests/e2e/support/stage-reporter.ts"]],
  // A guard against a hung test, not a speed check: CI's machines vary about twofold in speed.
  timeout: 60_000,
  use: {
    baseURL,
    trace: "on-first-retry",
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  // Every page flow runs with JavaScript on and off; enhancements only with it on; API calls once.
  projects: [
    ...readersThenWriters([
      ...(serverPaths
        ? []
        : [{ name: "js", use: { javaScriptEnabled: true }, testIgnore: ["**/api/**", "**/stripe-keys/**"] }]),
      {
        name: "no-js",
        use: { javaScriptEnabled: false },
        testIgnore: ["**/api/**", "**/js-only/**", "**/stripe-keys/**"],
        ...(serverPaths ? { testMatch: CROSS_NODE_FLOWS.map((flow) => `**/e2e/${flow}.spec.ts`) } : {}),
      },
      {
        name: "api",
        testMatch: ["**/api/**/*.spec.ts"],
        ...(serverPaths ? { testIgnore: OWN_SHOP_API_SPECS.map((spec) => `**/api/${spec}*.spec.ts`) } : {}),
      },
    ]),
    // The shop with Stripe keys: Stripe Elements with JavaScript, Stripe Checkout without.
    ...(serverPaths
      ? []
      : [
          {
            name: "keys-js",
            use: { javaScriptEnabled: true, baseURL: keysURL },
            testMatch: ["**/stripe-keys/**/*.spec.ts"],
            testIgnore: ["**/no-js-only/**"],
          },
        ]),
    {
      name: "keys-no-js",
      use: { javaScriptEnabled: false, baseURL: keysURL },
      testMatch: ["**/stripe-keys/**/*.spec.ts"],
      testIgnore: ["**/js-only/**"],
    },
  ],
  webServer: [
    // npm run test:scale runs the main shop itself (two nodes behind a load balancer at E2E_PORT).
    ...(externalShop ? [] : [shop(env.port, mainShopEnv(env.port, env))]),
    {
      command: "node --import tsx sandbox/standalone.ts",
      url: `${keysSandboxURL}/v3/`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
      env: { ...stripeKeys, SANDBOX_PORT: String(env.keysSandboxPort), WEBHOOK_URL: `${keysURL}/webhooks/stripe` },
    },
    shop(env.keysPort, {
      ...shopEnv({
        port: env.keysPort,
        publicUrl: keysURL,
        database: env.keysDatabase,
        uploadsDir: path.join(env.dataDir, "uploads-keys"),
        env,
      }),
      ...stripeKeys,
      STRIPE_API_URL: keysSandboxURL,
    }),
  ],
});
