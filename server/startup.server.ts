import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { config, setSessionSecret } from "~/config.server";
import { db } from "~/db/client.server";
import { commitTogether } from "~/db/commit.server";
import { logServerError, takeTick, tickOf } from "~/models/platform";
import { uploadStore } from "~/models/uploads";
import { whileHolding } from "~/db/dialect";
import { migrateDatabase } from "~/db/migrate.server";
import { users } from "~/db/schema";
import { DEMO_ACCOUNTS, isDatabaseEmpty, keepDemoStorefront, seedDemoData } from "~/seed/seed.server";
import { ADMIN_ROLE, isAdmin } from "~/lib/roles";
import { hashPassword, verifyPassword, setupUrl, startEmpty } from "~/models/accounts";
import type { MailQueuedMessage } from "~/models/mail";

/** SESSION_SECRET from the environment, or one generated once and kept in the data folder. */
function ensureSessionSecret() {
  if (config.sessionSecretFromEnv) return;
  const file = path.join(config.dataDir, "session-secret");
  if (!fs.existsSync(file)) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.writeFileSync(file, crypto.randomBytes(32).toString("hex"), { mode: 0o600 });
    console.warn(`SESSION_SECRET is not set: generated one and saved it in ${file}. Set SESSION_SECRET in production.`);
  } else {
    console.warn(`SESSION_SECRET is not set: using the one saved in ${file}.`);
  }
  setSessionSecret(fs.readFileSync(file, "utf8").trim());
}

async function ensureAdmin(email: string, password: string) {
  const [existing] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  if (existing) {
    if (!isAdmin(existing)) {
      await commitTogether((tx) => tx.update(users).set({ role: ADMIN_ROLE }).where(eq(users.id, existing.id)));
      console.log(`ADMIN_EMAIL: promoted ${email} to admin.`);
    }
    return;
  }
  const passwordHash = await hashPassword(password);
  await commitTogether((tx) =>
    tx.insert(users).values({ name: "Administrator", email, passwordHash, role: ADMIN_ROLE }),
  );
  console.log(`ADMIN_EMAIL: created the admin account ${email}.`);
}

/** Everything the shop needs before it serves: secret, schema, demo data, admin account. */
export async function prepareShop() {
  ensureSessionSecret();
  if (!config.uploadsS3) fs.mkdirSync(config.uploadsDir, { recursive: true });
  // Several nodes on one PostgreSQL database may start at once: one at a time, each finds what the
  // one before it did, so the migrations, the seed and the admin account are each done once.
  await whileHolding("shopit:startup", async () => {
    await migrateDatabase();
    if (config.seed === "demo" && (await isDatabaseEmpty())) {
      await seedDemoData(await uploadStore());
      console.log("Seeded the demo catalogue.");
    } else if (config.seed === "demo") await keepDemoStorefront();
    else await startEmpty();
    if (config.adminEmail && config.adminPassword) await ensureAdmin(config.adminEmail, config.adminPassword);
    else if (config.adminEmail || config.adminPassword)
      console.warn("ADMIN_EMAIL and ADMIN_PASSWORD must be set together; no admin account was changed.");
  });

  await logAdminAccess();
}

/** Whether a demo account still signs in with its published password. */
async function hasDemoPassword(account: { email: string; password: string }): Promise<boolean> {
  const [user] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, account.email))
    .limit(1);
  return Boolean(user?.passwordHash && (await verifyPassword(account.password, user.passwordHash)));
}

/** Says which demo accounts still have their well-known passwords, and how to get or secure an admin. */
async function logAdminAccess() {
  const { admin, shopper } = DEMO_ACCOUNTS;
  const [adminIsDemo, shopperIsDemo] = await Promise.all([hasDemoPassword(admin), hasDemoPassword(shopper)]);
  const demo = [
    adminIsDemo && `admin ${admin.email} / ${admin.password}`,
    shopperIsDemo && `shopper ${shopper.email} / ${shopper.password}`,
  ];
  if (adminIsDemo || shopperIsDemo) console.log(`Demo accounts: ${demo.filter(Boolean).join(", ")}`);
  if (adminIsDemo) {
    console.warn(
      `The demo admin ${admin.email} still has its well-known password: anyone can sign in as admin. ` +
        `Log in as it and change the password at /password/update, or start once with ADMIN_EMAIL and ADMIN_PASSWORD ` +
        `set to an e-mail without an account (an existing account is made admin but keeps its password), ` +
        `log in as that admin and delete ${admin.email} at /admin/users.`,
    );
  }
  const [hasAdmin] = await db.select({ id: users.id }).from(users).where(eq(users.role, "admin")).limit(1);
  if (!hasAdmin) {
    console.warn(`Set up the shop (its owner's account, name, currency, shipping and tax): ${setupUrl()}`);
    console.warn(
      "That link works until the shop has an admin. Or start the shop with ADMIN_EMAIL and ADMIN_PASSWORD set to create one.",
    );
  }
}

/**
 * Work the shop does on its own while it serves. server.ts starts it once, in the primary process
 * (the only one when WEB_CONCURRENCY is 1), after prepareShop(); workers only serve HTTP.
 */
export async function startBackgroundJobs() {
  // Imported here, not above: the checkout pulls in the cookie storages, which need the session
  // secret that prepareShop() settles.
  const { releaseLapsedReservations } = await import("~/models/checkout");
  const { sweepClientCartIntents } = await import("~/models/checkout");
  const { sweepRateLimits } = await import("~/models/platform");
  const { sweepExpiredRegistrations } = await import("~/models/accounts");
  const outbox = await import("~/models/mail");
  // Mails promised but not sent when the shop last stopped (killed, or a send cut short): the claims
  // of this machine's dead processes, sent now, before the workers start. Another node's claims are
  // its own; a dead node's run out within the lease (mail-outbox.server.ts).
  const released = await outbox.releaseClaimsOfDeadProcesses();
  if (released > 0)
    console.log(`The mail outbox held ${released} mail${released === 1 ? "" : "s"} from the last run: sending.`);
  const sweepOutbox = oneAtATime(() =>
    outbox.sweepOutbox().catch((error) => logServerError(error, "Sweeping the mail outbox failed:")),
  );
  sweepOutbox();
  // Mails whose sender died or failed, when due; sent ones older than 30 days are deleted.
  every("mailSweeper", 15_000, sweepOutbox);
  // Unpaid checkouts hold stock for a while; once a minute, give back what has lapsed.
  every("reservationSweeper", 60_000, () =>
    releaseLapsedReservations().catch((error) => logServerError(error, "Releasing lapsed reservations failed:")),
  );
  // Client-cart payments that never became an order: refunded after 10 minutes.
  every("paymentSweeper", 60_000, () =>
    sweepClientCartIntents().catch((error) => logServerError(error, "Sweeping client-cart payments failed:")),
  );
  // Login and reset counts whose 15 minutes are over.
  every("rateLimitSweeper", 5 * 60_000, () =>
    sweepRateLimits().catch((error) => logServerError(error, "Sweeping the rate limits failed:")),
  );
  // The owner's daily summary of the day before (in the shop's time zone), when switched on in
  // Settings: asked for every 15 minutes, queued once per day and recipient (its outbox key), so a
  // node started late still sends it.
  const { sendDailySummary } = await import("~/models/reports");
  every("dailySummary", 15 * 60_000, () =>
    sendDailySummary().catch((error) => logServerError(error, "Sending the daily summary failed:")),
  );
  // Mails that bring shoppers back, each off until switched on in Settings: an alert's item back in
  // stock, a product fallen under the low-stock threshold (swept, whoever changed the stock), and
  // the reminder of a cart left.
  const { sendBackInStockMails } = await import("~/models/inventory");
  const { sendLowStockMails } = await import("~/models/inventory");
  const { sendCartReminders } = await import("~/models/cart");
  every("stockAlerts", 60_000, () =>
    sendBackInStockMails().catch((error) => logServerError(error, "Sending back-in-stock mails failed:")),
  );
  every("lowStock", 60_000, () =>
    sendLowStockMails().catch((error) => logServerError(error, "Sending the low-stock mail failed:")),
  );
  every("cartReminders", 5 * 60_000, () =>
    sendCartReminders().catch((error) => logServerError(error, "Sending cart reminders failed:")),
  );
  // Registrations whose link expired unused, with their avatars.
  every("registrationSweeper", 60 * 60_000, () =>
    sweepExpiredRegistrations().catch((error) => logServerError(error, "Sweeping expired registrations failed:")),
  );
}

/** After a worker died (the primary): sends the mails it had claimed and not sent. */
export async function sendMailsLeftBy(pid: number) {
  const { resendMailsOf } = await import("~/models/mail");
  await resendMailsOf(pid).catch((error) => logServerError(error, `Sending the mails of process ${pid} failed:`));
}

/** What a worker sends the primary: a mail it queued is sent from here (mail-outbox.server.ts). */
export async function onWorkerMessage(message: unknown) {
  const id = (message as Partial<MailQueuedMessage> | null)?.shopMailQueued;
  if (typeof id !== "number") return;
  const { sendQueuedBy } = await import("~/models/mail");
  await sendQueuedBy(id).catch((error) => logServerError(error, `Sending mail ${id} failed:`));
}

/** `job`, skipped while its previous run has not finished. */
function oneAtATime(job: () => Promise<unknown>) {
  let running = false;
  return () => {
    if (running) return;
    running = true;
    void job().finally(() => (running = false));
  };
}

const timers = new Map<string, NodeJS.Timeout>();

/**
 * Runs `job` every `ms`; one timer per name and process, however often this is called. Every node
 * of the shop keeps the timer, and each tick runs on one of them only (scheduled-runs.server.ts).
 */
function every(name: string, ms: number, job: () => unknown) {
  if (timers.has(name)) return;
  const tick = () =>
    void takeTick(name, tickOf(ms))
      .then((taken) => taken && job())
      .catch((error) => logServerError(error, `Scheduling ${name} failed:`));
  timers.set(name, setInterval(tick, ms).unref());
}
