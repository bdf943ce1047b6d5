import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

// Chosen once in the main process; workers inherit them through the environment.
process.env.E2E_PORT ??= String(20000 + Math.floor(Math.random() * 20000));
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "shop-e2e-"));
const port = Number(process.env.E2E_PORT);
const dataDir = process.env.E2E_DATA_DIR;
export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  reporter: "list",
  timeout: 30_000,
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
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
      PORT: String(port),
      DATABASE_URL: `file:${path.join(dataDir, "shop.db")}`,
      UPLOADS_DIR: path.join(dataDir, "uploads"),
      SESSION_SECRET: "e2e-session-secret",
      SEED: "demo",
      LOG_REQUESTS: "false",
      PUBLIC_URL: baseURL,
    },
  },
});
