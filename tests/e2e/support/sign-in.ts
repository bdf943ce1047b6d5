import crypto from "node:crypto";
import { createCookieSessionStorage } from "@remix-run/node";
import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { engineOf } from "../../../app/config.server";
import * as pgSchema from "../../../app/db/schema.pg";
import * as sqliteSchema from "../../../app/db/schema.sqlite";
import { openShopDatabase, type ShopDatabase } from "../../../app/db/shop-file.server";
import { SESSION_COOKIE } from "../../../app/web/cookie-names";
import { e2eEnv } from "./env";
import { E2E_SESSION_SECRET } from "./shop-env";

// Signing in without the form, for the tests that are not about signing in: a session row written
// straight into the shop's database (as app/models/accounts/sessions.server.ts writes one: its id is the
// SHA-256 of the cookie's secret) and the session cookie signed with the suite's secret. No login
// page, no bcrypt: each sign-in through the form cost a page, a redirect and a password check.

const databases = new Map<string, ShopDatabase>();
const open = (location: string) => {
  let database = databases.get(location);
  if (!database) databases.set(location, (database = openShopDatabase(location)));
  return database;
};

const storage = createCookieSessionStorage<{ sessionKey: string }>({
  cookie: { name: SESSION_COOKIE, httpOnly: true, sameSite: "lax", path: "/", secrets: [E2E_SESSION_SECRET] },
});

/**
 * Signs the page's browser context in as the account with this e-mail (it must exist) on the main
 * shop, or on the shop whose database is `database`. The page is not navigated.
 */
export async function signInAs(page: Page, email: string, { database = e2eEnv().database } = {}): Promise<void> {
  const { q } = open(database);
  const onPg = engineOf(database.startsWith("postgres") ? database : `file:${database}`) === "pg";
  // Either engine's tables through its own query builder, typed as SQLite's as app/db types them.
  const { users, sessions } = (onPg ? pgSchema : sqliteSchema) as unknown as typeof sqliteSchema;
  const key = crypto.randomBytes(32).toString("hex");
  const now = new Date();
  const [user] = await q.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error(`signInAs: no account with the e-mail ${email}`);
  await q.insert(sessions).values({
    id: crypto.createHash("sha256").update(key).digest("hex"),
    userId: user.id,
    device: "Playwright (signed in by the test)",
    ip: null,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + 24 * 60 * 60 * 1000),
  });
  const session = await storage.getSession();
  session.set("sessionKey", key);
  const value = /^[^=]+=([^;]*)/.exec(await storage.commitSession(session))![1];
  // Every shop of the suite is on 127.0.0.1 (cookies do not go by port).
  await page
    .context()
    .addCookies([{ name: SESSION_COOKIE, value, domain: "127.0.0.1", path: "/", httpOnly: true, sameSite: "Lax" }]);
}
