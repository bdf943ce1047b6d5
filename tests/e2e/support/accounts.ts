import fs from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { simpleParser } from "mailparser";
import { sql } from "drizzle-orm";
import { openShopDatabase, rows } from "../../../app/db/shop-file.server";
import { e2eEnv } from "./env";

export const DEMO_SHOPPER = { email: "shopper@example.com", password: "shopper12345", name: "Demo Shopper" };
export const DEMO_ADMIN = { email: "admin@example.com", password: "admin12345", name: "Demo Admin" };

let counter = 0;
/** An e-mail address no other test uses. */
export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${process.pid}-${Date.now()}-${++counter}@example.com`;
}

/** Creates an account through the API in the page's own browser context, which is then signed in. */
export async function registerViaApi(page: Page, name = "Test Shopper") {
  const account = { name, email: uniqueEmail(), password: "correct-horse-1" };
  const response = await page.request.post("/api/v1/register", { data: account });
  expect(response.status()).toBe(201);
  return account;
}

/** Logs in through the login page, as a person would. */
export async function loginViaForm(page: Page, email: string, password: string) {
  await page.goto("/lgn");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
}

/** Opens the navbar's user menu and logs out. */
export async function logoutViaMenu(page: Page) {
  if (!page.url().startsWith("http")) await page.goto("/");
  await page.locator(".user-menu > summary").click();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByTestId("toast")).toHaveText("Logged out successfully.");
}

/** A mail as the test SMTP server received it, parsed. */
export type ReceivedMail = {
  subject: string;
  /** The text/plain part. */
  text: string;
  /** The text/html part, or null when the mail has none. */
  html: string | null;
  /** Whether the top-level part is multipart/alternative (text and HTML of the same message). */
  alternative: boolean;
};

export const RESET_MAIL_SUBJECT = "ShopIT password recovery";
export const WELCOME_MAIL_SUBJECT = "Welcome to ShopIT";

async function readMail(file: string): Promise<ReceivedMail> {
  const parsed = await simpleParser(fs.readFileSync(file));
  return {
    subject: parsed.subject ?? "",
    text: parsed.text ?? "",
    html: typeof parsed.html === "string" ? parsed.html : null,
    alternative:
      (parsed.headers.get("content-type") as { value?: string } | undefined)?.value === "multipart/alternative",
  };
}

/**
 * Waits for `count` mails to `to` whose subject contains `subject` (or matches it) to reach the
 * test SMTP server; oldest first.
 */
export async function waitForMails(
  to: string,
  subject: string | RegExp,
  count: number,
  timeoutMs = 10_000,
): Promise<ReceivedMail[]> {
  const { mailDir } = e2eEnv();
  const deadline = Date.now() + timeoutMs;
  const wanted = (mail: ReceivedMail) =>
    typeof subject === "string" ? mail.subject.includes(subject) : subject.test(mail.subject);
  // The sink names each file `{time}-{n}-{recipient}.eml`.
  const order = (file: string) => file.split("-").slice(0, 2).map(Number);
  while (Date.now() < deadline) {
    const files = (fs.existsSync(mailDir) ? fs.readdirSync(mailDir) : []).filter((f) => f.endsWith(`-${to}.eml`));
    files.sort((a, b) => order(a)[0] - order(b)[0] || order(a)[1] - order(b)[1]);
    const mails = (await Promise.all(files.map((file) => readMail(path.join(mailDir, file))))).filter(wanted);
    if (mails.length >= count) return mails;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No ${count === 1 ? "mail" : `${count} mails`} "${subject}" to ${to} within ${timeoutMs} ms`);
}

/** Waits for a mail to `to` whose subject contains `subject` (or matches it). */
export async function waitForMail(to: string, subject: string | RegExp, timeoutMs = 10_000): Promise<ReceivedMail> {
  return (await waitForMails(to, subject, 1, timeoutMs))[0];
}

/** The path of the reset link in a password recovery mail's text part. */
export function resetLinkIn(mail: ReceivedMail): string {
  const link = mail.text.match(/https?:\/\/\S+\/password\/reset\/[a-f0-9]+/)?.[0];
  if (!link) throw new Error(`No reset link in mail:\n${mail.text}`);
  return new URL(link).pathname;
}

/** Without JavaScript the page is rendered anew by the server, which never sends a password back. */
export async function expectPasswordNotEchoed(page: Page, label: string) {
  if (test.info().project.use.javaScriptEnabled === false)
    await expect(page.getByLabel(label, { exact: true })).toHaveValue("");
}

let attacker = 0;
/**
 * Issue 23, item 6: 16 wrong passwords for the account, each from an address of its own (the shop
 * trusts X-Forwarded-For from loopback, as behind a proxy) and from a client without cookies. The
 * first 10 are answered at once; the last 6 are slowed down (by up to LOGIN_DELAY_MAX_MS, 10 s),
 * so they are sent together; `answered` settles when they are answered. (Returned inside an object:
 * an async function returning the promise itself would wait for the slowed answers.)
 */
export async function attackAccount(
  playwright: { request: { newContext(options: { baseURL?: string }): Promise<APIRequestContext> } },
  baseURL: string | undefined,
  email: string,
) {
  const guesser = await playwright.request.newContext({ baseURL });
  const guess = () =>
    guesser.post("/api/v1/login", {
      headers: { "X-Forwarded-For": `198.19.${process.pid % 250}.${++attacker % 250}` },
      data: { email, password: "wrong-guess" },
      timeout: 20_000,
    });
  for (let i = 0; i < 10; i++) expect((await guess()).status()).toBe(401);
  const slowed = Promise.all(Array.from({ length: 6 }, guess));
  // Counted as they arrive, answered seconds later: on once the shop has counted all 16.
  await expect.poll(() => loginFailuresCounted(email), { timeout: 10_000 }).toBeGreaterThanOrEqual(16);
  const answered = slowed.then(async (answers) => {
    expect(answers.map((answer) => answer.status())).toEqual(Array(6).fill(401));
    await guesser.dispose();
  });
  return { answered };
}

/** The wrong passwords the shop has counted against the account (its rate_limits row, as the shop keeps it). */
async function loginFailuresCounted(email: string): Promise<number> {
  const shop = openShopDatabase(e2eEnv().database, { readOnly: true });
  try {
    const [row] = await rows<{ points: number }>(
      shop.q,
      sql`SELECT points FROM rate_limits WHERE key = ${`login-account:${email}`}`,
    );
    return Number(row?.points ?? 0);
  } finally {
    await shop.close();
  }
}

/** How long `work` took, in milliseconds. */
export async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = Date.now();
  await work();
  return Date.now() - start;
}

export const FINISH_REGISTRATION_SUBJECT = "ShopIT: finish registering";
export const REGISTRATION_ATTEMPT_SUBJECT = "ShopIT: someone tried to register with your address";

/** The path of the link in a "finish registering" mail's text part. */
export function registrationLinkIn(mail: ReceivedMail): string {
  const link = mail.text.match(/https?:\/\/\S+\/register\/confirm\/[a-f0-9]+/)?.[0];
  if (!link) throw new Error(`No registration link in mail:\n${mail.text}`);
  return new URL(link).pathname;
}

/** Fills the register page and sends it; resolves with the answer to the form's POST. */
export async function registerViaForm(page: Page, account: { name: string; email: string; password: string }) {
  await page.goto("/register");
  await page.getByLabel("Name").fill(account.name);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  const [answer] = await Promise.all([
    page.waitForResponse(
      (response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/register"),
    ),
    page.getByRole("button", { name: "Register", exact: true }).click(),
  ]);
  return answer;
}
