import os from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { ConfigError, parseConfig, sessionSecret } from "~/config.server";

describe("parseConfig", () => {
  it("gives every variable its documented default", () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      nodeEnv: "production",
      isDev: false,
      port: 3000,
      shopName: "ShopIT",
      databasePath: path.resolve("data/shop.db"),
      dataDir: path.resolve("data"),
      sessionSecretFromEnv: undefined,
      uploadsDir: path.resolve("data/uploads"),
      outboxDir: path.resolve("data/outbox"),
      seed: "demo",
      adminEmail: undefined,
      adminPassword: undefined,
      publicUrl: "http://localhost:3000",
      smtpUrl: undefined,
      mailFrom: "ShopIT <no-reply@localhost>",
      google: null,
      rateLimits: { perIp: 50, perEmail: 10 },
      bodyLimitBytes: 1024 * 1024,
      loginDelayMaxMs: 10_000,
      stripe: {
        secretKey: undefined,
        publishableKey: "",
        webhookSecret: "",
        apiUrl: undefined,
        jsUrl: undefined,
        sandboxPort: 0,
      },
      trustProxy: "loopback",
      accessLog: "auto",
    });
  });

  it("reads the values given, and counts an empty one as unset", () => {
    const config = parseConfig({
      NODE_ENV: "development",
      PORT: "8080",
      DATABASE_URL: "file:/srv/shop/shop.db",
      SESSION_SECRET: "s3cret",
      SEED: "none",
      ADMIN_EMAIL: " Boss@Example.com ",
      ADMIN_PASSWORD: "long-password",
      SHOP_NAME: "  ",
      PUBLIC_URL: "https://shop.example.com/",
      SMTP_URL: "",
      RATE_LIMIT_PER_IP: "7",
      LOGIN_DELAY_MAX_MS: "0",
      LOG_REQUESTS: "false",
      STRIPE_SANDBOX_PORT: "4343",
      GOOGLE_CLIENT_ID: "id",
      GOOGLE_CLIENT_SECRET: "secret",
    });
    expect(config).toMatchObject({
      isDev: true,
      port: 8080,
      databasePath: "/srv/shop/shop.db",
      uploadsDir: "/srv/shop/uploads",
      sessionSecretFromEnv: "s3cret",
      seed: "none",
      adminEmail: "boss@example.com",
      adminPassword: "long-password",
      shopName: "ShopIT",
      publicUrl: "https://shop.example.com",
      smtpUrl: undefined,
      rateLimits: { perIp: 7, perEmail: 10 },
      loginDelayMaxMs: 0,
      accessLog: "off",
      stripe: { sandboxPort: 4343 },
    });
    expect(config.google).toMatchObject({
      callbackUrl: "https://shop.example.com/auth/google/callback",
      authorizationUrl: "https://accounts.google.com/o/oauth2/v2/auth",
      issuers: ["https://accounts.google.com", "accounts.google.com"],
    });
  });

  it("runs one process per core unless WEB_CONCURRENCY says otherwise, and one under development", () => {
    expect(parseConfig({}).webConcurrency).toBe(os.availableParallelism());
    expect(parseConfig({ WEB_CONCURRENCY: "1" }).webConcurrency).toBe(1);
    expect(parseConfig({ WEB_CONCURRENCY: " 6 " }).webConcurrency).toBe(6);
    expect(parseConfig({ WEB_CONCURRENCY: "4", NODE_ENV: "development" }).webConcurrency).toBe(1);
    expect(() => parseConfig({ WEB_CONCURRENCY: "0" })).toThrow(
      'WEB_CONCURRENCY="0": must be a whole number from 1 to 256',
    );
    expect(() => parseConfig({ WEB_CONCURRENCY: "auto" })).toThrow("WEB_CONCURRENCY");
  });

  it("chooses the access log's form by where it goes unless ACCESS_LOG says; LOG_REQUESTS=false is off", () => {
    expect(parseConfig({}).accessLog).toBe("auto");
    expect(parseConfig({ ACCESS_LOG: "short" }).accessLog).toBe("short");
    expect(parseConfig({ ACCESS_LOG: "json" }).accessLog).toBe("json");
    expect(parseConfig({ ACCESS_LOG: "off" }).accessLog).toBe("off");
    expect(parseConfig({ LOG_REQUESTS: "false" }).accessLog).toBe("off");
    expect(parseConfig({ LOG_REQUESTS: "false", ACCESS_LOG: "json" }).accessLog).toBe("json");
  });

  it("works on 16 requests at once per process unless REQUESTS_AT_ONCE says otherwise (0: no limit)", () => {
    expect(parseConfig({}).requestsAtOnce).toBe(16);
    expect(parseConfig({ REQUESTS_AT_ONCE: "0" }).requestsAtOnce).toBe(0);
    expect(parseConfig({ REQUESTS_AT_ONCE: "64" }).requestsAtOnce).toBe(64);
    expect(() => parseConfig({ REQUESTS_AT_ONCE: "-1" })).toThrow("REQUESTS_AT_ONCE");
  });

  it("refuses an invalid value, naming the variable", () => {
    expect(() => parseConfig({ PORT: "abc" })).toThrow(ConfigError);
    expect(() => parseConfig({ PORT: "abc" })).toThrow('PORT="abc": must be a whole number from 0 to 65535');
    expect(() => parseConfig({ SEED: "all" })).toThrow('SEED="all": must be demo or none');
    expect(() => parseConfig({ LOG_REQUESTS: "no" })).toThrow('LOG_REQUESTS="no": must be true or false');
    expect(() => parseConfig({ ACCESS_LOG: "text" })).toThrow('ACCESS_LOG="text": must be auto, short, json or off');
    expect(() => parseConfig({ RATE_LIMIT_PER_IP: "0" })).toThrow("RATE_LIMIT_PER_IP");
    expect(() => parseConfig({ PUBLIC_URL: "shop.example.com" })).toThrow("PUBLIC_URL");
    expect(() => parseConfig({ BODY_LIMIT_KB: "1mb" })).toThrow(
      'BODY_LIMIT_KB="1mb": must be a whole number from 1 to 1048576',
    );
    expect(parseConfig({ BODY_LIMIT_KB: "64" }).bodyLimitBytes).toBe(64 * 1024);
  });

  it("reads CORS_ORIGINS as a list of origins, refusing paths and other schemes", () => {
    expect(parseConfig({}).corsOrigins).toEqual([]);
    expect(parseConfig({ CORS_ORIGINS: " https://store.example.com, http://localhost:4100 " }).corsOrigins).toEqual([
      "https://store.example.com",
      "http://localhost:4100",
    ]);
    for (const bad of [
      "https://store.example.com/",
      "https://store.example.com/shop",
      "store.example.com",
      "ftp://x.example",
    ])
      expect(() => parseConfig({ CORS_ORIGINS: bad })).toThrow("CORS_ORIGINS");
  });

  it("keeps uploads in the folder unless UPLOADS_S3_BUCKET names a bucket", () => {
    expect(parseConfig({}).uploadsS3).toBeNull();
    expect(parseConfig({ UPLOADS_S3_BUCKET: "shop-pictures" }).uploadsS3).toEqual({
      bucket: "shop-pictures",
      endpoint: undefined,
      region: "us-east-1",
      credentials: undefined,
      forcePathStyle: false,
      prefix: "",
    });
    expect(
      parseConfig({
        UPLOADS_S3_BUCKET: "pictures",
        UPLOADS_S3_ENDPOINT: "http://127.0.0.1:9000",
        UPLOADS_S3_REGION: "auto",
        UPLOADS_S3_ACCESS_KEY_ID: "AKIA123",
        UPLOADS_S3_SECRET_ACCESS_KEY: "shh",
        UPLOADS_S3_FORCE_PATH_STYLE: "true",
        UPLOADS_S3_PREFIX: "shop/one",
      }).uploadsS3,
    ).toEqual({
      bucket: "pictures",
      endpoint: "http://127.0.0.1:9000",
      region: "auto",
      credentials: { accessKeyId: "AKIA123", secretAccessKey: "shh" },
      forcePathStyle: true,
      prefix: "shop/one/",
    });
    expect(parseConfig({ UPLOADS_S3_BUCKET: "pictures", UPLOADS_S3_PREFIX: "shop/" }).uploadsS3?.prefix).toBe("shop/");
  });

  it("refuses invalid upload store settings, naming each one, without echoing keys", () => {
    const problems = (env: Record<string, string>) => {
      try {
        parseConfig(env);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error("accepted");
    };
    expect(problems({ UPLOADS_S3_BUCKET: "My_Bucket" })).toContain(
      'UPLOADS_S3_BUCKET="My_Bucket": must be a bucket name: 3 to 63 lowercase letters, digits, dots or hyphens',
    );
    expect(problems({ UPLOADS_S3_BUCKET: "pictures", UPLOADS_S3_ENDPOINT: "minio:9000" })).toContain(
      'UPLOADS_S3_ENDPOINT="minio:9000": must be a URL starting with http:// or https://',
    );
    expect(problems({ UPLOADS_S3_BUCKET: "pictures", UPLOADS_S3_FORCE_PATH_STYLE: "yes" })).toContain(
      'UPLOADS_S3_FORCE_PATH_STYLE="yes": must be true or false',
    );
    expect(problems({ UPLOADS_S3_BUCKET: "pictures", UPLOADS_S3_REGION: "US East" })).toContain("UPLOADS_S3_REGION=");
    for (const prefix of ["../up", "a//b", "/abs", "shop/../x", "a b"])
      expect(problems({ UPLOADS_S3_BUCKET: "pictures", UPLOADS_S3_PREFIX: prefix })).toContain("UPLOADS_S3_PREFIX=");
    expect(problems({ UPLOADS_S3_ENDPOINT: "http://127.0.0.1:9000" })).toContain(
      'UPLOADS_S3_ENDPOINT="http://127.0.0.1:9000": is used only with UPLOADS_S3_BUCKET, which is not set',
    );
    const halfKey = problems({ UPLOADS_S3_BUCKET: "pictures", UPLOADS_S3_SECRET_ACCESS_KEY: "very-secret-value" });
    expect(halfKey).toContain("UPLOADS_S3_ACCESS_KEY_ID: must be set together with");
    const keyWithoutBucket = problems({
      UPLOADS_S3_ACCESS_KEY_ID: "AKIAKEYID",
      UPLOADS_S3_SECRET_ACCESS_KEY: "topsecret",
    });
    expect(keyWithoutBucket).toContain("UPLOADS_S3_ACCESS_KEY_ID: is used only with UPLOADS_S3_BUCKET");
    expect(keyWithoutBucket).toContain("UPLOADS_S3_SECRET_ACCESS_KEY: is used only with UPLOADS_S3_BUCKET");
    expect(keyWithoutBucket).not.toContain("AKIAKEYID");
    expect(keyWithoutBucket).not.toContain("topsecret");
    expect(halfKey).not.toContain("very-secret-value");
  });

  it("names every invalid variable at once, without echoing secrets", () => {
    const message = (() => {
      try {
        parseConfig({ PORT: "-1", SMTP_URL: "http://user:pw@mail", ADMIN_EMAIL: "nobody" });
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(message).toContain("PORT=");
    expect(message).toContain("SMTP_URL: must be a URL starting with smtp:// or smtps://");
    expect(message).toContain('ADMIN_EMAIL="nobody": must be an e-mail address');
    expect(message).not.toContain("pw@mail");
  });
});

// The module as a process started with `env` loads it: its start-up values are its own state.
async function startedWith(env: Record<string, string>) {
  const saved = { ...process.env };
  Object.assign(process.env, env);
  vi.resetModules();
  try {
    return await import("~/config.server");
  } finally {
    for (const name of Object.keys(env)) process.env[name] = saved[name];
  }
}

describe("values decided at start-up", () => {
  it("uses SESSION_SECRET when set (tests/unit/setup.ts sets it), else the one start-up gives", async () => {
    expect(sessionSecret()).toBe(process.env.SESSION_SECRET);
    const shop = await startedWith({ SESSION_SECRET: "" });
    expect(() => shop.sessionSecret()).toThrow("SESSION_SECRET is not set");
    shop.setSessionSecret("from-the-file");
    expect(shop.sessionSecret()).toBe("from-the-file");
    expect(sessionSecret()).toBe(process.env.SESSION_SECRET);
  });

  it("takes the payment sandbox's settings as values", async () => {
    const { stripeSettings, useStripeSandbox } = await startedWith({});
    expect(stripeSettings()).toMatchObject({ secretKey: "", sandbox: false, jsUrl: "https://js.stripe.com/v3/" });
    useStripeSandbox({
      secretKey: "sk_test_sandbox_1",
      publishableKey: "pk_test_sandbox",
      webhookSecret: "whsec_sandbox_1",
      apiUrl: "http://127.0.0.1:4555",
      publicUrl: "https://shop.example/_sandbox",
      sandbox: true,
    });
    expect(stripeSettings()).toEqual({
      secretKey: "sk_test_sandbox_1",
      publishableKey: "pk_test_sandbox",
      webhookSecret: "whsec_sandbox_1",
      sandbox: true,
      api: { host: "127.0.0.1", port: "4555", protocol: "http" },
      // The browser reaches the sandbox under the shop's origin only: no other origin to allow.
      jsUrl: "https://shop.example/_sandbox/v3/",
      origins: { script: [], connect: [], frame: [], checkout: [] },
    });
    expect(process.env.STRIPE_SECRET_KEY).toBeUndefined();
  });

  it("reach a worker process through its environment, read once", async () => {
    const primary = await startedWith({ SESSION_SECRET: "" });
    primary.setSessionSecret("the-primary's-secret");
    primary.useStripeSandbox({
      secretKey: "sk_test_sandbox_2",
      publishableKey: "pk_test_sandbox",
      webhookSecret: "whsec_2",
      apiUrl: "http://127.0.0.1:4556",
      publicUrl: "http://localhost:3000/_sandbox",
      sandbox: true,
    });
    const workerEnv = primary.startupValuesForWorkers();
    try {
      // A worker is a fresh process: the module loaded again, with the primary's values in its environment.
      const worker = await startedWith({ ...workerEnv, SESSION_SECRET: "" });
      expect(worker.sessionSecret()).toBe("the-primary's-secret");
      expect(worker.stripeSettings()).toMatchObject({
        secretKey: "sk_test_sandbox_2",
        webhookSecret: "whsec_2",
        sandbox: true,
      });
    } finally {
      delete process.env.SHOP_STARTUP_VALUES;
    }
  });
});
