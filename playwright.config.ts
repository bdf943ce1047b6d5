import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./tests/chromium";
import { e2eEnv } from "./tests/e2e/support/env";

// Chosen once in the main process; workers inherit them through the environment.
const firstPort = 20000 + Math.floor(Math.random() * 20000);
process.env.E2E_PORT ??= String(firstPort);
process.env.E2E_SMTP_PORT ??= String(firstPort + 1);
process.env.E2E_OIDC_PORT ??= String(firstPort + 2);
process.env.E2E_SANDBOX_PORT ??= String(firstPort + 3);
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "shop-e2e-"));
const env = e2eEnv();
const baseURL = `http://127.0.0.1:${env.port}`;
const googleIssuer = `http://127.0.0.1:${env.oidcPort}`;

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  reporter: "list",
  timeout: 30_000,
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  // Every page flow runs with JavaScript on and off; enhancements only with it on; API calls once.
  projects: [
    { name: "js", use: { javaScriptEnabled: true }, testIgnore: ["**/api/**"] },
    { name: "no-js", use: { javaScriptEnabled: false }, testIgnore: ["**/api/**", "**/js-only/**"] },
    { name: "api", testMatch: ["**/api/**/*.spec.ts"] },
  ],
  webServer: {
    // The production build (npm test builds first) on a fresh database with the demo catalogue.
    command: "node --import tsx server.ts",
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(env.port),
      DATABASE_URL: `file:${env.databaseFile}`,
      UPLOADS_DIR: path.join(env.dataDir, "uploads"),
      SESSION_SECRET: "e2e-session-secret",
      SEED: "demo",
      LOG_REQUESTS: "false",
      PUBLIC_URL: baseURL,
      SMTP_URL: `smtp://127.0.0.1:${env.smtpPort}`,
      // Every test signs in from 127.0.0.1; the per-e-mail limit stays at its default.
      RATE_LIMIT_PER_IP: "100000",
      // The payment sandbox on a known port, so API tests can confirm payments as Stripe.js would.
      STRIPE_SANDBOX_PORT: String(env.sandboxPort),
      GOOGLE_CLIENT_ID: env.googleClientId,
      GOOGLE_CLIENT_SECRET: env.googleClientSecret,
      GOOGLE_AUTHORIZATION_URL: `${googleIssuer}/auth`,
      GOOGLE_TOKEN_URL: `${googleIssuer}/token`,
      GOOGLE_USERINFO_URL: `${googleIssuer}/me`,
      GOOGLE_JWKS_URL: `${googleIssuer}/jwks`,
      GOOGLE_ISSUER: googleIssuer,
    },
  },
});
