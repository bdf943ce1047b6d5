import os from "node:os";
import path from "node:path";
import { z } from "zod";

// Every environment variable the shop reads is parsed here, once, with zod; the rest of the app
// reads `config`. Defaults and meanings are those of README.md's Configuration table. An empty
// value counts as unset; an invalid one stops start-up with a message naming the variable.

const wholeNumber = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  z
    .string()
    .trim()
    .refine((value) => /^\d+$/.test(value) && Number(value) >= min && Number(value) <= max, {
      message:
        max === Number.MAX_SAFE_INTEGER
          ? `must be a whole number of at least ${min}`
          : `must be a whole number from ${min} to ${max}`,
    })
    .transform(Number);

const url = (...protocols: string[]) =>
  z
    .string()
    .trim()
    .refine((value) => URL.canParse(value) && protocols.includes(new URL(value).protocol), {
      message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(" or ")}`,
    });
const webUrl = url("http:", "https:");

/** A comma-separated list of web origins (scheme, host and port: no path, no trailing slash). */
const origins = z
  .string()
  .transform((value) =>
    value
      .split(",")
      .map((item) => item.trim())
      .filter(Boolean),
  )
  .refine(
    (list) =>
      list.every(
        (item) =>
          URL.canParse(item) && ["http:", "https:"].includes(new URL(item).protocol) && new URL(item).origin === item,
      ),
    { message: "must be origins separated by commas, such as https://store.example.com (scheme, host and port only)" },
  );

const trueOrFalse = z
  .enum(["true", "false"], { message: "must be true or false" })
  .transform((value) => value === "true");

// S3 bucket names: 3 to 63 characters, lowercase letters, digits, dots and hyphens, a letter or
// digit at each end (AWS's rule, which MinIO, R2 and the others keep).
const bucketName = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
    message: "must be a bucket name: 3 to 63 lowercase letters, digits, dots or hyphens",
  });

const envSchema = z
  .object({
    NODE_ENV: z
      .enum(["production", "development", "test"], { message: "must be production, development or test" })
      .default("production"),
    PORT: wholeNumber(0, 65535).default("3000"),
    DATABASE_URL: z
      .string()
      .default("file:./data/shop.db")
      .refine((value) => engineOf(value) === "sqlite" || (URL.canParse(value) && new URL(value).hostname !== ""), {
        message: "must be a SQLite file (file:./data/shop.db) or a URL such as postgres://user:password@host:5432/shop",
      }),
    DATABASE_POOL_SIZE: wholeNumber(1, 1000).default("10"),
    SESSION_SECRET: z.string().optional(),
    SEED: z.enum(["demo", "none"], { message: "must be demo or none" }).default("demo"),
    ADMIN_EMAIL: z.string().trim().toLowerCase().email({ message: "must be an e-mail address" }).optional(),
    ADMIN_PASSWORD: z.string().optional(),
    SHOP_NAME: z.string().trim().optional(),
    UPLOADS_DIR: z.string().optional(),
    UPLOADS_S3_BUCKET: bucketName.optional(),
    UPLOADS_S3_ENDPOINT: webUrl.optional(),
    UPLOADS_S3_REGION: z
      .string()
      .trim()
      .regex(/^[a-z0-9-]+$/, {
        message: "must be a region name such as us-east-1 (lowercase letters, digits, hyphens)",
      })
      .optional(),
    UPLOADS_S3_ACCESS_KEY_ID: z.string().trim().optional(),
    UPLOADS_S3_SECRET_ACCESS_KEY: z.string().trim().optional(),
    UPLOADS_S3_FORCE_PATH_STYLE: trueOrFalse.optional(),
    UPLOADS_S3_PREFIX: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*\/?$/, {
        message: "must be a key prefix such as shop/ (letters, digits, dots, hyphens, underscores, separated by /)",
      })
      .refine((value) => !value.split("/").some((part) => part === "." || part === ".."), {
        message: "must not contain . or .. as a part",
      })
      .optional(),
    PUBLIC_URL: webUrl.optional(),
    SMTP_URL: url("smtp:", "smtps:").optional(),
    MAIL_FROM: z.string().optional(),
    OUTBOX_DIR: z.string().optional(),
    BACKUP_DIR: z.string().optional(),
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    GOOGLE_AUTHORIZATION_URL: webUrl.default("https://accounts.google.com/o/oauth2/v2/auth"),
    GOOGLE_TOKEN_URL: webUrl.default("https://oauth2.googleapis.com/token"),
    GOOGLE_USERINFO_URL: webUrl.default("https://www.googleapis.com/oauth2/v3/userinfo"),
    GOOGLE_JWKS_URL: webUrl.default("https://www.googleapis.com/oauth2/v3/certs"),
    GOOGLE_ISSUER: z.string().default("https://accounts.google.com,accounts.google.com"),
    RATE_LIMIT_PER_IP: wholeNumber(1).default("50"),
    RATE_LIMIT_PER_EMAIL: wholeNumber(1).default("10"),
    RATE_LIMIT_API_REGISTRATIONS_PER_IP: wholeNumber(1).default("10"),
    BODY_LIMIT_KB: wholeNumber(1, 1024 * 1024).default("1024"),
    BODY_TIMEOUT_MS: wholeNumber(0, 3_600_000).default("30000"),
    LOGIN_DELAY_MAX_MS: wholeNumber(0, 60_000).default("10000"),
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().default(""),
    STRIPE_WEBHOOK_SECRET: z.string().default(""),
    STRIPE_SANDBOX_PORT: wholeNumber(0, 65535).default("0"),
    STRIPE_API_URL: webUrl.optional(),
    STRIPE_JS_URL: webUrl.optional(),
    STRIPE_SANDBOX_URL: webUrl.optional(),
    TRUST_PROXY: z.string().default("loopback"),
    CORS_ORIGINS: origins.default(""),
    ACCESS_LOG: z.enum(["auto", "short", "json", "off"], { message: "must be auto, short, json or off" }).optional(),
    // The older switch: false is ACCESS_LOG=off.
    LOG_REQUESTS: trueOrFalse.default("true"),
    WEB_CONCURRENCY: wholeNumber(1, 256).optional(),
    REQUESTS_AT_ONCE: wholeNumber(0, 10_000).default("16"),
  })
  .superRefine((env, context) => {
    // The other UPLOADS_S3_* settings mean nothing without a bucket; the key pair goes together.
    const s3Settings = [
      "UPLOADS_S3_ENDPOINT",
      "UPLOADS_S3_REGION",
      "UPLOADS_S3_ACCESS_KEY_ID",
      "UPLOADS_S3_SECRET_ACCESS_KEY",
      "UPLOADS_S3_FORCE_PATH_STYLE",
      "UPLOADS_S3_PREFIX",
    ] as const;
    if (!env.UPLOADS_S3_BUCKET)
      for (const name of s3Settings)
        if (env[name] !== undefined)
          context.addIssue({
            code: "custom",
            path: [name],
            message: "is used only with UPLOADS_S3_BUCKET, which is not set",
          });
    if (env.UPLOADS_S3_BUCKET && !env.UPLOADS_S3_ACCESS_KEY_ID !== !env.UPLOADS_S3_SECRET_ACCESS_KEY) {
      const missing = env.UPLOADS_S3_ACCESS_KEY_ID ? "UPLOADS_S3_SECRET_ACCESS_KEY" : "UPLOADS_S3_ACCESS_KEY_ID";
      context.addIssue({
        code: "custom",
        path: [missing],
        message:
          "must be set together with the other of UPLOADS_S3_ACCESS_KEY_ID and UPLOADS_S3_SECRET_ACCESS_KEY (or neither, for the SDK's default credentials)",
      });
    }
  });

/** The environment's problems, one line each, naming the variable (and its value, unless it may hold a secret). */
export class ConfigError extends Error {
  constructor(issues: z.ZodIssue[], env: Record<string, string | undefined>) {
    const lines = issues.map((issue) => {
      const name = String(issue.path[0]);
      const value = /SECRET|PASSWORD|ACCESS_KEY|SMTP_URL|DATABASE_URL/.test(name)
        ? ""
        : `=${JSON.stringify(env[name])}`;
      return `  ${name}${value}: ${issue.message}`;
    });
    super(`Invalid configuration (see the Configuration table in README.md):\n${lines.join("\n")}`);
    this.name = "ConfigError";
  }
}

/**
 * The two database engines the shop runs on: SQLite (a file, the default: one container, nothing
 * else to run) and PostgreSQL (a server, for shops that outgrow one machine).
 */
export type DatabaseEngine = "sqlite" | "pg";

/** Which engine a DATABASE_URL names: PostgreSQL for postgres:// or postgresql://, else a SQLite file. */
export const engineOf = (databaseUrl: string): DatabaseEngine =>
  /^postgres(ql)?:\/\//i.test(databaseUrl) ? "pg" : "sqlite";

/** The SQLite file a DATABASE_URL names (a path, or a file: URL), absolute. */
export function databasePathFromUrl(url: string): string {
  const file = url.startsWith("file:") ? url.slice("file:".length) : url;
  return file === ":memory:" ? file : path.resolve(file);
}

/** Parses an environment (process.env, or a test's object); throws a ConfigError when a value is invalid. */
export function parseConfig(rawEnv: Record<string, string | undefined>) {
  const present = Object.fromEntries(Object.entries(rawEnv).filter(([, value]) => value !== undefined && value !== ""));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) throw new ConfigError(parsed.error.issues, present);
  const env = parsed.data;

  const port = env.PORT;
  const databaseEngine = engineOf(env.DATABASE_URL);
  // The SQLite file; empty on PostgreSQL, whose database is reached through the URL.
  const databasePath = databaseEngine === "pg" ? "" : databasePathFromUrl(env.DATABASE_URL);
  const shopName = env.SHOP_NAME || "ShopIT";
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, "");
  const dataDir =
    databasePath === ":memory:" || databasePath === "" ? path.resolve("data") : path.dirname(databasePath);
  return {
    nodeEnv: env.NODE_ENV,
    isDev: env.NODE_ENV === "development",
    port,
    shopName,
    databaseEngine,
    databaseUrl: env.DATABASE_URL,
    /** PostgreSQL: how many connections each process may hold open at once. */
    databasePoolSize: env.DATABASE_POOL_SIZE,
    databasePath,
    dataDir,
    /** SESSION_SECRET; when unset, start-up provides one (see sessionSecret()). */
    sessionSecretFromEnv: env.SESSION_SECRET,
    uploadsDir: path.resolve(env.UPLOADS_DIR ?? path.join(dataDir, "uploads")),
    /** The S3-compatible bucket that holds the uploads instead of uploadsDir, when UPLOADS_S3_BUCKET is set. */
    uploadsS3: env.UPLOADS_S3_BUCKET
      ? {
          bucket: env.UPLOADS_S3_BUCKET,
          endpoint: env.UPLOADS_S3_ENDPOINT,
          region: env.UPLOADS_S3_REGION ?? "us-east-1",
          // Unset: the SDK's default chain (AWS_* variables, a shared profile, an instance role).
          credentials:
            env.UPLOADS_S3_ACCESS_KEY_ID && env.UPLOADS_S3_SECRET_ACCESS_KEY
              ? { accessKeyId: env.UPLOADS_S3_ACCESS_KEY_ID, secretAccessKey: env.UPLOADS_S3_SECRET_ACCESS_KEY }
              : undefined,
          forcePathStyle: env.UPLOADS_S3_FORCE_PATH_STYLE ?? false,
          /** Put before every key ("shop/" → shop/products/….webp); "" or ending in "/". */
          prefix: env.UPLOADS_S3_PREFIX ? env.UPLOADS_S3_PREFIX.replace(/\/?$/, "/") : "",
        }
      : null,
    seed: env.SEED,
    adminEmail: env.ADMIN_EMAIL,
    adminPassword: env.ADMIN_PASSWORD,
    publicUrl,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM || `${shopName} <no-reply@localhost>`,
    outboxDir: path.resolve(env.OUTBOX_DIR ?? path.join(dataDir, "outbox")),
    /** Where `npm run backup` writes its timestamped folders. */
    backupsDir: path.resolve(env.BACKUP_DIR ?? path.join(dataDir, "backups")),
    // Google sign-in is on when the client id and secret are set. The endpoints default to
    // Google's and can point elsewhere (tests use a local OpenID Connect provider).
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            callbackUrl: `${publicUrl}/auth/google/callback`,
            authorizationUrl: env.GOOGLE_AUTHORIZATION_URL,
            tokenUrl: env.GOOGLE_TOKEN_URL,
            userInfoUrl: env.GOOGLE_USERINFO_URL,
            jwksUrl: env.GOOGLE_JWKS_URL,
            issuers: env.GOOGLE_ISSUER.split(","),
          }
        : null,
    rateLimits: {
      // Per 15 minutes. Logins: failures per client IP, and per account from one IP (past either:
      // 429); an account with perEmail failures from anywhere is slowed down, up to loginDelayMaxMs.
      // Reset requests: every request, per client IP and per e-mail.
      perIp: env.RATE_LIMIT_PER_IP,
      perEmail: env.RATE_LIMIT_PER_EMAIL,
      // Registrations through the API, every try, per client IP: the one call that tells whether an
      // address has an account.
      apiRegistrationsPerIp: env.RATE_LIMIT_API_REGISTRATIONS_PER_IP,
    },
    loginDelayMaxMs: env.LOGIN_DELAY_MAX_MS,
    /** Stripe as configured; without a secret key server.ts starts the payment sandbox (see stripeSettings()). */
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      apiUrl: env.STRIPE_API_URL,
      jsUrl: env.STRIPE_JS_URL,
      sandboxPort: env.STRIPE_SANDBOX_PORT,
      /** One payment sandbox shared by every node (sandbox/standalone.ts), instead of one per node. */
      sandboxUrl: env.STRIPE_SANDBOX_URL?.replace(/\/+$/, ""),
    },
    /** Largest JSON, urlencoded or other non-multipart request body, and the text fields of a multipart one. */
    bodyLimitBytes: env.BODY_LIMIT_KB * 1024,
    /**
     * How long a request body may take to arrive, once the shop reads it (longer for a large one
     * that keeps coming: server/body-deadline.server.ts); past it the connection is closed. 0: no limit.
     */
    bodyTimeoutMs: env.BODY_TIMEOUT_MS,
    trustProxy: env.TRUST_PROXY,
    /** Other origins whose browser calls to /api/v1 (cookies included) the shop accepts and answers with CORS headers. */
    corsOrigins: env.CORS_ORIGINS,
    /**
     * The access log on standard output: short lines in a terminal and JSON elsewhere (auto), one
     * of them always, or none (server/access-log.server.ts).
     */
    accessLog: env.ACCESS_LOG ?? (env.LOG_REQUESTS ? "auto" : "off"),
    /**
     * How many processes serve HTTP: one per core by default. 1 is a single process that does
     * everything; more are workers of one primary (server.ts). `npm run dev` always runs one.
     */
    webConcurrency: env.NODE_ENV === "development" ? 1 : (env.WEB_CONCURRENCY ?? os.availableParallelism()),
    /**
     * How many requests (page-cache hits aside) each process works on at once; the others wait in
     * arrival order (server/admission.server.ts). 0: no limit.
     */
    requestsAtOnce: env.REQUESTS_AT_ONCE,
  };
}

export type Config = ReturnType<typeof parseConfig>;

function configOrExit(): Config {
  try {
    return parseConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    // A start-up error for whoever runs the shop: the message is the whole story.
    console.error(error.message);
    process.exit(1);
  }
}

export const config: Config = configOrExit();

// Values start-up decides rather than the environment: the session secret kept beside the
// database when SESSION_SECRET is unset, and the built-in payment sandbox's keys and address.
// The server and the routes share this one module (server/main.ts is built with the routes).
export type StripeSandboxSettings = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Where the shop's server calls it (loopback). */
  apiUrl: string;
  /** Where a shopper's browser reaches its pages and Stripe.js stand-in: under the shop's own origin. */
  publicUrl: string;
  sandbox: true;
};
type StartupValues = { sessionSecret?: string; stripeSandbox?: StripeSandboxSettings };
// A worker process gets its primary's values through this variable (see startupValuesForWorkers).
const INHERITED_VALUES = "SHOP_STARTUP_VALUES";
const startupValues: StartupValues = inheritedStartupValues();

function inheritedStartupValues(): StartupValues {
  const inherited = process.env[INHERITED_VALUES];
  // Read once, and kept from any process this one starts.
  delete process.env[INHERITED_VALUES];
  return inherited ? (JSON.parse(inherited) as StartupValues) : {};
}

/** For the primary: the environment that hands the values it settled to the workers it starts. */
export function startupValuesForWorkers(): Record<string, string> {
  return { [INHERITED_VALUES]: JSON.stringify(startupValues) };
}

/** For start-up: the secret to sign cookies and tokens with when SESSION_SECRET is unset. */
export function setSessionSecret(secret: string) {
  startupValues.sessionSecret = secret;
}

/** SESSION_SECRET, or the one start-up generated or read (prepareShop() runs before anything signs). */
export function sessionSecret(): string {
  const secret = config.sessionSecretFromEnv ?? startupValues.sessionSecret;
  if (!secret) throw new Error("SESSION_SECRET is not set (the server sets one at start-up)");
  return secret;
}

/** For server.ts (and tests): take payments through the payment sandbox it has started. */
export function useStripeSandbox(settings: StripeSandboxSettings) {
  startupValues.stripeSandbox = settings;
}

/** Stripe: real keys from the environment, or the payment sandbox's once it has been started. */
export function stripeSettings() {
  const sandbox = startupValues.stripeSandbox;
  const source = sandbox ?? { ...config.stripe, secretKey: config.stripe.secretKey ?? "", sandbox: false };
  const apiUrl = source.apiUrl ? new URL(source.apiUrl) : null;
  // Pointed elsewhere (the payment sandbox run standalone), Stripe.js and Checkout come from there
  // too; the built-in sandbox's come from the shop's own origin.
  const jsUrl = sandbox
    ? `${sandbox.publicUrl}/v3/`
    : (config.stripe.jsUrl ?? (apiUrl ? `${apiUrl.origin}/v3/` : "https://js.stripe.com/v3/"));
  return {
    secretKey: source.secretKey,
    publishableKey: source.publishableKey,
    webhookSecret: source.webhookSecret,
    sandbox: source.sandbox,
    api: apiUrl
      ? { host: apiUrl.hostname, port: apiUrl.port, protocol: apiUrl.protocol.replace(":", "") as "http" | "https" }
      : null,
    jsUrl,
    // Origins the browser talks to when paying, besides the shop's own, for the
    // Content-Security-Policy. With keys: Stripe.js, Stripe's API and Stripe Checkout. The built-in
    // sandbox's pages (its 3D Secure check, say) are all under the shop's origin: none.
    origins: source.sandbox
      ? { script: [], connect: [], frame: [], checkout: [] }
      : {
          script: [new URL(jsUrl).origin],
          connect: [apiUrl?.origin ?? "https://api.stripe.com"],
          frame: apiUrl ? [] : ["https://js.stripe.com", "https://hooks.stripe.com"],
          checkout: [apiUrl?.origin ?? "https://checkout.stripe.com"],
        },
  };
}
