import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { config, setSessionSecret } from "~/config.server";
import { db } from "~/db/client.server";
import { migrateDatabase } from "~/db/migrate.server";
import { users } from "~/db/schema";
import { DEMO_ACCOUNTS, isDatabaseEmpty, seedDemoData } from "~/db/seed/seed.server";
import { hashPassword } from "~/models/password.server";

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
  const existing = db.select({ id: users.id, role: users.role }).from(users).where(eq(users.email, email)).get();
  if (existing) {
    if (existing.role !== "admin") {
      db.update(users).set({ role: "admin" }).where(eq(users.id, existing.id)).run();
      console.log(`ADMIN_EMAIL: promoted ${email} to admin.`);
    }
    return;
  }
  const passwordHash = await hashPassword(password);
  db.insert(users).values({ name: "Administrator", email, passwordHash, role: "admin" }).run();
  console.log(`ADMIN_EMAIL: created the admin account ${email}.`);
}

/** Everything the shop needs before it serves: secret, schema, demo data, admin account. */
export async function prepareShop() {
  ensureSessionSecret();
  fs.mkdirSync(config.uploadsDir, { recursive: true });
  migrateDatabase(db);
  if (config.seed === "demo" && isDatabaseEmpty(db)) {
    await seedDemoData(db, config.uploadsDir);
    console.log("Seeded the demo catalogue.");
  }
  if (config.adminEmail && config.adminPassword) await ensureAdmin(config.adminEmail, config.adminPassword);
  else if (config.adminEmail || config.adminPassword)
    console.warn("ADMIN_EMAIL and ADMIN_PASSWORD must be set together; no admin account was changed.");

  const hasDemoAdmin = db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTS.admin.email)).get();
  if (hasDemoAdmin) {
    console.log(
      `Demo accounts: admin ${DEMO_ACCOUNTS.admin.email} / ${DEMO_ACCOUNTS.admin.password}, ` +
        `shopper ${DEMO_ACCOUNTS.shopper.email} / ${DEMO_ACCOUNTS.shopper.password}`,
    );
  }
}
