import crypto from "node:crypto";
import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import helmet from "helmet";
import morgan from "morgan";
import { config, stripeSettings, useStripeSandbox } from "./app/config.server";
import { contentSecurityPolicy, permissionsPolicy, securityPolicies } from "./app/web/csp.server";
import { EncodedBody, anonymousCatalogueCache } from "./app/web/page-cache.server";
import { rejectForeignOrigins } from "./app/web/origin-check.server";
import { remixHandler } from "./app/web/remix-handler.server";
import { declaredOverLimit } from "./app/web/body-limits.server";
import { prepareShop, startBackgroundJobs } from "./app/startup.server";
import { startStripeSandboxThread } from "./sandbox/thread";

const isDev = config.isDev;
// Remix, React and Vite read NODE_ENV themselves: give them the default too.
process.env.NODE_ENV = config.nodeEnv;

await prepareShop();

// Without Stripe keys the shop takes payments through its built-in sandbox (sandbox/README.md),
// on loopback only, on a thread of its own; the stripe SDK is pointed at it through these settings.
if (!config.stripe.secretKey) {
  const secretKey = `sk_test_sandbox_${crypto.randomBytes(12).toString("hex")}`;
  const webhookSecret = `whsec_sandbox_${crypto.randomBytes(16).toString("hex")}`;
  const publishableKey = "pk_test_sandbox";
  const sandbox = await startStripeSandboxThread({
    secretKey,
    publishableKey,
    port: config.stripe.sandboxPort,
    webhookSecret,
    webhookUrl: `http://127.0.0.1:${config.port}/webhooks/stripe`,
  });
  useStripeSandbox({ secretKey, publishableKey, webhookSecret, apiUrl: sandbox.url, sandbox: true });
  console.log(`Payments: built-in sandbox at ${sandbox.url} (no STRIPE_SECRET_KEY); pay with 4242 4242 4242 4242.`);
}

await startBackgroundJobs();

const viteDevServer = isDev
  ? await import("vite").then((vite) => vite.createServer({ server: { middlewareMode: true } }))
  : undefined;

const build = viteDevServer
  ? () => viteDevServer.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>
  : ((await import(path.resolve("build/server/index.js"))) as ServerBuild);

// Where the browser goes when paying (read after the sandbox, if any, has started).
const stripeOrigins = stripeSettings().origins;

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", config.trustProxy);

// Payment events, one per paid order, answered before everything that only pages need (imported
// once prepareShop() has run, as the other models are); a write from another site is refused
// here too.
const { stripeWebhook } = await import("./app/web/stripe-webhook.server");
// Order confirmations are composed on a thread of their own; it loads its modules now, not at the first order.
(await import("./app/models/mail-thread.server")).startMailThread();
const foreignOriginCheck = rejectForeignOrigins();
app.post("/webhooks/stripe", foreignOriginCheck, ...stripeWebhook);

// Content-Security-Policy with a nonce per response (no 'unsafe-inline' scripts) and
// Permissions-Policy: app/web/csp.server.ts.
const contentSecurity = contentSecurityPolicy({
  script: stripeOrigins.script,
  connect: stripeOrigins.connect,
  frame: stripeOrigins.frame,
  // Form posts that redirect to Google's sign-in page or Stripe Checkout.
  formAction: [...(config.google ? [new URL(config.google.authorizationUrl).origin] : []), ...stripeOrigins.checkout],
  upgradeInsecureRequests: config.publicUrl.startsWith("https://"),
});
app.use(
  helmet({
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    // "no-referrer" (helmet's default) makes browsers send `Origin: null` on form posts, which
    // Remix's CSRF check rejects.
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    hsts: config.publicUrl.startsWith("https://"),
  }),
);
// Vite's dev server injects inline scripts and a websocket: development goes without the CSP.
// Stripe.js's frames may use the Payment Request API.
app.use(securityPolicies(isDev ? null : contentSecurity, permissionsPolicy([...stripeOrigins.script, ...stripeOrigins.frame])));
app.use(compression());

if (viteDevServer) {
  app.use(viteDevServer.middlewares);
} else {
  // Fingerprinted assets never change under the same name.
  app.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y" }));
  app.use(express.static("build/client", { maxAge: "1h" }));
}
app.use(express.static("public", { maxAge: "1h" }));
// Uploaded and demo images get unique names, so they can be cached for a year.
app.use("/uploads", express.static(config.uploadsDir, { immutable: true, maxAge: "1y", index: false }));

if (config.logRequests) app.use(morgan(isDev ? "dev" : "short"));

// Anonymous visitors' catalogue pages and API reads come from an in-process cache of the rendered
// responses while the catalogue is unchanged, with ETag/304 and shared-cache headers. Not in
// development, where the code changes under the cache.
if (!isDev) {
  app.use(
    anonymousCatalogueCache({
      contentSecurityPolicy: (body, contentType, res) => contentSecurity.forStoredResponse(body, contentType, res.locals.cspNonce),
    }),
  );
}

// Benchmarks only (`npm run bench`, which sets BENCH_CEILING=1; never registered otherwise): the
// reference for page speed. The bench PUTs a page's bytes here, then loads GET /__bench/ceiling/:key,
// which answers them as a constant, compressed once, through the same middleware as the pages.
if (config.benchCeiling) {
  const constants = new Map<string, { type: string; body: EncodedBody }>();
  app.put("/__bench/ceiling/:key", express.raw({ type: () => true, limit: "5mb" }), (req, res) => {
    const type = req.get("content-type") ?? "text/html; charset=utf-8";
    constants.set(req.params.key, { type, body: new EncodedBody(req.body) });
    res.sendStatus(204);
  });
  app.get("/__bench/ceiling/:key", (req, res) => {
    const constant = constants.get(req.params.key);
    if (!constant) return void res.sendStatus(404);
    res.setHeader("Content-Type", constant.type);
    constant.body.send(req, res);
  });
}

// Writes from other sites get a 403 (pages and API); bodies are limited before Remix reads them.
app.use(foreignOriginCheck);
app.all(
  "*",
  remixHandler({
    build,
    mode: config.nodeEnv,
    getLoadContext: (req, res) => ({ clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown", cspNonce: res.locals.cspNonce }),
  }),
);

const server = app.listen(config.port, () => {
  console.log(`${config.shopName} is ready at http://localhost:${config.port}`);
});
// A client that asks before sending its body (`Expect: 100-continue`) is told to go on only when the
// declared length is within the limits; otherwise the handler answers 413 without reading any of it.
server.on("checkContinue", (req, res) => {
  if (declaredOverLimit(req.headers) === null) res.writeContinue();
  app(req, res);
});

function shutdown(signal: string) {
  console.log(`${signal} received: closing the server.`);
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 5000).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
