import path from "node:path";

// Ports and folders shared by the Playwright config, its global setup and the tests; chosen
// once in the main process (playwright.config.ts) and inherited by the workers.
export function e2eEnv() {
  const dataDir = process.env.E2E_DATA_DIR!;
  return {
    port: Number(process.env.E2E_PORT),
    smtpPort: Number(process.env.E2E_SMTP_PORT),
    oidcPort: Number(process.env.E2E_OIDC_PORT),
    // A second shop started with Stripe keys, paying through a standalone payment sandbox.
    keysPort: Number(process.env.E2E_KEYS_PORT),
    keysSandboxPort: Number(process.env.E2E_KEYS_SANDBOX_PORT),
    // Where a test serves a storefront page of its own: the shop's CORS_ORIGINS names it.
    storefrontPort: Number(process.env.E2E_STOREFRONT_PORT),
    // The keys shop's database: a SQLite file, or PostgreSQL's when the suite runs there (npm run test:e2e:pg).
    keysDatabase: process.env.E2E_KEYS_DATABASE_URL ?? path.join(dataDir, "shop-keys.db"),
    dataDir,
    mailDir: path.join(dataDir, "mail"),
    googleKeyFile: path.join(dataDir, "google-key.json"),
    // The shop's database: a SQLite file, or a postgres:// URL (npm run test:e2e:pg).
    database: process.env.E2E_DATABASE_URL ?? path.join(dataDir, "shop.db"),
    googleClientId: "shop-e2e-client",
    googleClientSecret: "shop-e2e-secret",
  };
}
