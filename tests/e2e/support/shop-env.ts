import path from "node:path";
import type { e2eEnv } from "./env";

type E2eEnv = ReturnType<typeof e2eEnv>;

/** The session secret of the shops the suite runs (tests/e2e/support/sign-in.ts signs their cookies). */
export const E2E_SESSION_SECRET = "e2e-session-secret";

/**
 * The environment of a shop the suite runs against: the production build on a fresh database with
 * the demo catalogue, mailing the test SMTP server, known at `publicUrl` (its own port, or the load
 * balancer in front of it: npm run test:scale).
 */
export function shopEnv(options: {
  port: number;
  publicUrl: string;
  database: string;
  uploadsDir: string;
  env: E2eEnv;
}): Record<string, string> {
  const { database } = options;
  return {
    NODE_ENV: "production",
    PORT: String(options.port),
    DATABASE_URL: database.startsWith("postgres") ? database : `file:${database}`,
    UPLOADS_DIR: options.uploadsDir,
    SESSION_SECRET: E2E_SESSION_SECRET,
    SEED: "demo",
    LOG_REQUESTS: "false",
    PUBLIC_URL: options.publicUrl,
    SMTP_URL: `smtp://127.0.0.1:${options.env.smtpPort}`,
    // Every test signs in from 127.0.0.1; the per-e-mail limit stays at its default.
    RATE_LIMIT_PER_IP: "100000",
    RATE_LIMIT_API_REGISTRATIONS_PER_IP: "100000",
  };
}

/** The main shop's (every project but the Stripe-keys ones): Google sign-in through the stand-in, a storefront of its own on another origin. */
export function mainShopEnv(port: number, env: E2eEnv): Record<string, string> {
  const googleIssuer = `http://127.0.0.1:${env.oidcPort}`;
  return {
    ...shopEnv({
      port,
      publicUrl: `http://127.0.0.1:${env.port}`,
      database: env.database,
      uploadsDir: path.join(env.dataDir, "uploads"),
      env,
    }),
    GOOGLE_CLIENT_ID: env.googleClientId,
    GOOGLE_CLIENT_SECRET: env.googleClientSecret,
    GOOGLE_AUTHORIZATION_URL: `${googleIssuer}/auth`,
    GOOGLE_TOKEN_URL: `${googleIssuer}/token`,
    GOOGLE_USERINFO_URL: `${googleIssuer}/me`,
    GOOGLE_JWKS_URL: `${googleIssuer}/jwks`,
    GOOGLE_ISSUER: googleIssuer,
    // A storefront of the shop's own on another origin of its site (tests/e2e/js-only/storefront-origin.spec.ts).
    CORS_ORIGINS: `http://127.0.0.1:${env.storefrontPort}`,
  };
}
