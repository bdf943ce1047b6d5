import cluster from "node:cluster";
import crypto from "node:crypto";
import http from "node:http";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import helmet from "helmet";
import type { ViteDevServer } from "vite";
import { config, sessionSecret, startupValuesForWorkers, stripeSettings, useStripeSandbox } from "~/config.server";
import { declaredOverLimit } from "~/web/body-limits.server";
import { uploadStore } from "~/models/uploads";
import { BROWSER_METHODS, MAX_BODY_BYTES, isBrowserPath } from "../sandbox/browser-paths";
import { sharedSandboxKeys } from "../sandbox/shared-keys";
import type { startStripeSandboxThread } from "../sandbox/thread";
import { accessLogFormat, createAccessLog } from "./access-log.server";
import { admissionGate } from "./admission.server";
import { contentSecurityPolicy, permissionsPolicy, securityPolicies } from "./csp.server";
import { edgeErrorHandler } from "./edge-errors.server";
import { forwardTo } from "./forward.server";
import { collectWhenIdle } from "./idle-collect.server";
import { trustedOrigins } from "./cors.server";
import { PORT_IN_USE_EXIT_CODE, listenOrExit, portInUseMessage } from "./listen-port.server";
import { isCrossSite, rejectForeignOrigins } from "./origin-check.server";
import { EncodedBody, anonymousCatalogueCache } from "./page-cache.server";
import { remixHandler } from "./remix-handler.server";
import { requestListener } from "./request-listener.server";
import { onWorkerMessage, prepareShop, sendMailsLeftBy, startBackgroundJobs } from "./startup.server";
import { mailMessage, readyMessage } from "./startup-messages.server";
import { staticFiles } from "./static-files.server";
import { startWorkers } from "./workers.server";

/** What server.ts (not bundled) hands the shop. */
export type ShopOptions = {
  /** The Remix server build: loaded once in production, for every request in development. */
  loadBuild: () => Promise<ServerBuild>;
  /** Development: Vite's dev server, whose middleware serves the browser's modules. */
  vite?: ViteDevServer;
  /** Starts the payment sandbox's thread (sandbox/thread.ts: its worker file is found beside that module). */
  startSandboxThread: typeof startStripeSandboxThread;
  /**
   * Routes mounted after the static files and the page cache, before the Origin check and Remix:
   * only the bench passes any (bench/lib/shop-launcher.ts, its same-stack reference), with
   * EncodedBody to answer bytes compressed once, as the page cache does.
   */
  extraRoutes?: (app: express.Express, tools: { EncodedBody: typeof EncodedBody }) => void;
};

// Where a shopper's browser reaches the built-in payment sandbox: under the shop's own origin.
const SANDBOX_PATH = "/_sandbox";
// How long an idle kept-alive connection stays open (below, where the server starts).
const KEEP_ALIVE_MS = 65_000;

const isDev = config.isDev;

/**
 * One process per core (WEB_CONCURRENCY): the primary prepares the shop, starts the payment
 * sandbox and the background jobs, once, then starts the workers, which only serve HTTP
 * (server/workers.server.ts). With WEB_CONCURRENCY=1 one process does all of it.
 */
export async function runShop(options: ShopOptions) {
  if (cluster.isPrimary) {
    // The sandbox's thread starts on another core while this one prepares the shop (it needs
    // neither the database nor a generated secret); its line follows the preparation's.
    const sandbox = startPaymentSandbox(options.startSandboxThread);
    await prepareShop();
    const sandboxLine = await sandbox;
    if (sandboxLine) console.log(sandboxLine);
    // With workers, the primary sends every mail (they hand theirs over), on its own event loop.
    if (config.webConcurrency > 1) (await import("~/models/mail")).composeMailsInProcess();
    await startBackgroundJobs();
    console.log(mailMessage(config));
    if (config.webConcurrency === 1) await serve(options);
    else superviseWorkers(config.webConcurrency);
  } else {
    await serve(options);
  }
}

/**
 * Without Stripe keys the shop takes payments through its built-in sandbox (sandbox/README.md), on
 * loopback only, on a thread of the primary (one sandbox for all workers); the stripe SDK is pointed
 * at it through these settings, which reach the workers with the session secret (startupValuesForWorkers).
 * The pages a shopper's browser is sent to are under PUBLIC_URL, which serve() forwards to it.
 */
async function startPaymentSandbox(
  startStripeSandboxThread: ShopOptions["startSandboxThread"],
): Promise<string | null> {
  if (config.stripe.secretKey) return null;
  const { sandboxUrl } = config.stripe;
  if (sandboxUrl) {
    // Many nodes: one sandbox for all of them (the intents a shopper pays on one node are another's
    // to read), its pages still under each node's origin, forwarded as the built-in one's are.
    const publicUrl = `${config.publicUrl}${SANDBOX_PATH}`;
    useStripeSandbox({ ...sharedSandboxKeys(sessionSecret()), apiUrl: sandboxUrl, publicUrl, sandbox: true });
    return `Payments: the shared sandbox at ${sandboxUrl}, its pages at ${publicUrl}/ (STRIPE_SANDBOX_URL).`;
  }
  const secretKey = `sk_test_sandbox_${crypto.randomBytes(12).toString("hex")}`;
  const webhookSecret = `whsec_sandbox_${crypto.randomBytes(16).toString("hex")}`;
  const publishableKey = "pk_test_sandbox";
  const publicUrl = `${config.publicUrl}${SANDBOX_PATH}`;
  const sandbox = await startStripeSandboxThread({
    secretKey,
    publishableKey,
    port: config.stripe.sandboxPort,
    publicUrl,
    webhookSecret,
    webhookUrl: `http://127.0.0.1:${config.port}/webhooks/stripe`,
  });
  useStripeSandbox({ secretKey, publishableKey, webhookSecret, apiUrl: sandbox.url, publicUrl, sandbox: true });
  return `Payments: built-in sandbox at ${sandbox.url}, its pages at ${publicUrl}/ (no STRIPE_SECRET_KEY); pay with 4242 4242 4242 4242.`;
}

function superviseWorkers(count: number) {
  const workers = startWorkers({
    count,
    env: startupValuesForWorkers(),
    onReady: () => console.log(readyMessage(config, count)),
    onStartFailed: (reason, exitCode) => {
      console.error(exitCode === PORT_IN_USE_EXIT_CODE ? portInUseMessage(config.port) : `${reason} Stopping.`);
      void workers.stop().then(() => process.exit(1));
    },
    // What a dead worker had promised and not sent yet is in the mail outbox: sent from here.
    onWorkerExit: (pid) => void sendMailsLeftBy(pid),
    // The mails the workers queue: composed and sent here (the primary serves no HTTP itself).
    onWorkerMessage: (message) => void onWorkerMessage(message),
  });
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: closing the server.`);
    // The primary's own sends (the outbox's retries) finish too; what cannot stays in the outbox.
    void Promise.all([workers.stop(), import("~/models/mail").then(({ drainMails }) => drainMails(4500))]).then(() =>
      process.exit(0),
    );
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

/** The HTTP server: the shop's middleware and the Remix handler. Run by every process that serves. */
async function serve({ loadBuild, vite: viteDevServer, extraRoutes }: ShopOptions) {
  // Loaded here, once prepareShop() has run (its routes' cookie storages need the session secret).
  const build = viteDevServer ? loadBuild : await loadBuild();

  // Where the browser goes when paying (read after the sandbox, if any, has started).
  const stripe = stripeSettings();
  const stripeOrigins = stripe.origins;

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);

  // Payment events, one per paid order, answered before everything that only pages need (imported
  // here, in the primary once prepareShop() has run, as the other models are); a write from
  // another site is refused here too.
  const { stripeWebhook } = await import("~/web/stripe-webhook.server");
  // A process serving alone composes the outbox's mails on a thread of its own, started now rather
  // than at the first order; workers hand theirs to the primary (mail-outbox.server.ts).
  if (!cluster.isWorker) (await import("~/models/mail")).startMailThread();
  const { drainMails } = await import("~/models/mail");
  const trusted = trustedOrigins(config.corsOrigins);
  const foreignOriginCheck = rejectForeignOrigins(trusted);
  app.post("/webhooks/stripe", foreignOriginCheck, ...stripeWebhook);

  // Content-Security-Policy with a nonce per response (no 'unsafe-inline' scripts) and
  // Permissions-Policy: server/csp.server.ts.
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
  app.use(
    securityPolicies(
      isDev ? null : contentSecurity,
      permissionsPolicy([...stripeOrigins.script, ...stripeOrigins.frame]),
    ),
  );
  app.use(compression());

  // The built-in payment sandbox's pages, its Stripe.js stand-in and the calls that makes, under the
  // shop's origin, forwarded to its loopback port. Ahead of the Origin check: a client's page on
  // another origin calls it as it would call Stripe (no cookie goes through; its ids are unguessable).
  if (stripe.sandbox && stripe.api) {
    const target = `${stripe.api.protocol}://${stripe.api.host}:${stripe.api.port}`;
    app.use(
      SANDBOX_PATH,
      ...forwardTo({
        name: "The payment sandbox",
        target,
        forwards: isBrowserPath,
        methods: BROWSER_METHODS,
        bodyLimit: MAX_BODY_BYTES,
      }),
    );
  }

  if (viteDevServer) app.use(viteDevServer.middlewares);
  // Fingerprinted assets (a year), the client build and public/ (an hour), uploads (a year: unique names).
  app.use(
    staticFiles({
      buildDir: viteDevServer ? undefined : "build/client",
      publicDir: "public",
      uploadsDir: config.uploadsDir,
      uploadStore: config.uploadsS3 ? await uploadStore() : undefined,
      listed: !isDev,
    }),
  );

  // Anonymous visitors' catalogue pages and API reads come from an in-process cache of the rendered
  // responses while the catalogue is unchanged, with ETag/304 and shared-cache headers: its
  // middleware keeps what Remix renders, and the server's request listener answers the hits before
  // Express. Not in development, where the code changes under the cache.
  const pageCache = isDev
    ? null
    : anonymousCatalogueCache({
        contentSecurityPolicy: (body, contentType, res) =>
          contentSecurity.forStoredResponse(body, contentType, res.locals.cspNonce),
        perRender: (res) => res.locals.cspNonce,
      });
  if (pageCache) app.use(pageCache.middleware);

  extraRoutes?.(app, { EncodedBody });

  // Writes from other sites get a 403 (pages and API); bodies are limited before Remix reads them.
  app.use(foreignOriginCheck);
  app.all(
    "*",
    remixHandler({
      build,
      mode: config.nodeEnv,
      // The client's address (Express's trust-proxy rules) is worked out only by the few actions that read it.
      getLoadContext: (req, res) => ({
        get clientIp() {
          return req.ip ?? req.socket.remoteAddress ?? "unknown";
        },
        cspNonce: res.locals.cspNonce,
        get crossSite() {
          return isCrossSite(req);
        },
      }),
    }),
  );
  // Errors the middleware passed on (a path Express cannot decode, say): a 4xx without a stack in the log.
  app.use(edgeErrorHandler());

  // The access log (ACCESS_LOG) sees every request, cache hits included.
  const accessLogForm = accessLogFormat(config.accessLog, process.stdout);
  const accessLog = accessLogForm ? createAccessLog({ format: accessLogForm }) : null;
  // At most REQUESTS_AT_ONCE requests worked on at once, the others answered in arrival order.
  const gate = config.requestsAtOnce > 0 ? admissionGate({ limit: config.requestsAtOnce }) : null;
  const listener = requestListener(app, {
    cache: pageCache,
    log: accessLog,
    gate,
    cors: trusted,
    bodyTimeoutMs: config.bodyTimeoutMs,
  });
  // A worker's listening is reported by the primary, once for all of them.
  const server = http.createServer(listener);
  listenOrExit(server, config.port, {
    isWorker: cluster.isWorker,
    onListening: () => {
      if (cluster.isPrimary) console.log(readyMessage(config));
    },
  });
  // An idle kept-alive connection stays open 65 s, not Node's 5 s: clients and proxies keep theirs
  // longer (browsers minutes, HAProxy's pool, Node's agents until the server closes them), and one
  // that sends on it the moment the shop closes it gets a reset (ECONNRESET) for its request.
  // server.close() still closes idle connections at once.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  // Idle after a burst: the heap the burst grew is given back (server/idle-collect.server.ts).
  if (!isDev) collectWhenIdle();
  // A client that asks before sending its body (`Expect: 100-continue`) is told to go on only when the
  // declared length is within the limits; otherwise the handler answers 413 without reading any of it.
  server.on("checkContinue", (req, res) => {
    if (declaredOverLimit(req.headers) === null) res.writeContinue();
    listener(req, res);
  });

  function shutdown(signal: string) {
    if (cluster.isPrimary) console.log(`${signal} received: closing the server.`);
    const exit = () => {
      accessLog?.flush();
      process.exit(0);
    };
    // Mails asked for by the last requests (order confirmations, shipping notices) go out first.
    void Promise.all([new Promise((closed) => server.close(closed)), drainMails(4500)]).then(exit);
    setTimeout(exit, 5000).unref();
  }
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}
