import path from "node:path";

// Environment is read in one place; every default a self-hoster relies on is here.
function databasePathFromUrl(url: string): string {
  const file = url.startsWith("file:") ? url.slice("file:".length) : url;
  return file === ":memory:" ? file : path.resolve(file);
}

function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

// Google sign-in is on when the client id and secret are set. The endpoints default to Google's
// and can point elsewhere (tests use a local OpenID Connect provider).
function readGoogleConfig(env: NodeJS.ProcessEnv, publicUrl: string) {
  if (!env.GOOGLE_CLIENT_ID || !env.GOOGLE_CLIENT_SECRET) return null;
  return {
    clientId: env.GOOGLE_CLIENT_ID,
    clientSecret: env.GOOGLE_CLIENT_SECRET,
    callbackUrl: `${publicUrl}/auth/google/callback`,
    authorizationUrl: env.GOOGLE_AUTHORIZATION_URL ?? "https://accounts.google.com/o/oauth2/v2/auth",
    tokenUrl: env.GOOGLE_TOKEN_URL ?? "https://oauth2.googleapis.com/token",
    userInfoUrl: env.GOOGLE_USERINFO_URL ?? "https://www.googleapis.com/oauth2/v3/userinfo",
    jwksUrl: env.GOOGLE_JWKS_URL ?? "https://www.googleapis.com/oauth2/v3/certs",
    issuers: (env.GOOGLE_ISSUER ?? "https://accounts.google.com,accounts.google.com").split(","),
  };
}

// Stripe: real keys, or the payment sandbox that server.ts starts (and describes in these
// variables) when STRIPE_SECRET_KEY is not set. Read when first used, as the sandbox starts after
// this module loads.
export function stripeSettings() {
  const env = process.env;
  const apiUrl = env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : null;
  // Pointed elsewhere (the payment sandbox run standalone), Stripe.js and Checkout come from there too.
  const jsUrl = env.STRIPE_JS_URL ?? (apiUrl ? `${apiUrl.origin}/v3/` : "https://js.stripe.com/v3/");
  return {
    secretKey: env.STRIPE_SECRET_KEY ?? "",
    publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? "",
    webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? "",
    sandbox: env.STRIPE_SANDBOX === "1",
    api: apiUrl
      ? { host: apiUrl.hostname, port: apiUrl.port, protocol: apiUrl.protocol.replace(":", "") as "http" | "https" }
      : null,
    jsUrl,
    // Origins the browser talks to when paying, for the Content-Security-Policy. With keys: Stripe.js,
    // Stripe's API and Stripe Checkout. The built-in sandbox's card form posts to the shop, and only
    // a 3D Secure check redirects to the sandbox's page.
    origins:
      env.STRIPE_SANDBOX === "1"
        ? { script: [], connect: [], frame: [], checkout: apiUrl ? [apiUrl.origin] : [] }
        : {
            script: [new URL(jsUrl).origin],
            connect: [apiUrl?.origin ?? "https://api.stripe.com"],
            frame: apiUrl ? [] : ["https://js.stripe.com", "https://hooks.stripe.com"],
            checkout: [apiUrl?.origin ?? "https://checkout.stripe.com"],
          },
  };
}

function readConfig() {
  const env = process.env;
  const port = Number(env.PORT ?? 3000);
  const databasePath = databasePathFromUrl(env.DATABASE_URL ?? "file:./data/shop.db");
  const shopName = env.SHOP_NAME?.trim() || "ShopIT";
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, "");
  const dataDir = databasePath === ":memory:" ? path.resolve("data") : path.dirname(databasePath);
  return {
    port,
    shopName,
    databasePath,
    dataDir,
    uploadsDir: path.resolve(env.UPLOADS_DIR ?? path.join(dataDir, "uploads")),
    seed: env.SEED === "none" ? ("none" as const) : ("demo" as const),
    adminEmail: env.ADMIN_EMAIL?.trim().toLowerCase() || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    publicUrl,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || `${shopName} <no-reply@localhost>`,
    outboxDir: path.resolve(env.OUTBOX_DIR ?? path.join(dataDir, "outbox")),
    google: readGoogleConfig(env, publicUrl),
    rateLimits: {
      // Attempts per 15 minutes: per client IP on every login / reset request, per e-mail on failures.
      perIp: positiveInt(env.RATE_LIMIT_PER_IP, 50),
      perEmail: positiveInt(env.RATE_LIMIT_PER_EMAIL, 10),
    },
  };
}

export type Config = ReturnType<typeof readConfig>;

export const config: Config = readConfig();
