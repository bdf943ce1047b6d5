import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import libqp from "libqp";
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
  await page.getByRole("button", { name: "LOGIN" }).click();
}

/** Opens the navbar's user menu and logs out. */
export async function logoutViaMenu(page: Page) {
  if (!page.url().startsWith("http")) await page.goto("/");
  await page.locator(".user-menu > summary").click();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByTestId("toast")).toHaveText("Logged out successfully.");
}

/** Waits for `count` mails to `to` to reach the test SMTP server; their decoded texts, oldest first. */
export async function waitForMails(to: string, count: number, timeoutMs = 10_000): Promise<string[]> {
  const { mailDir } = e2eEnv();
  const deadline = Date.now() + timeoutMs;
  // The sink names each file `{time}-{n}-{recipient}.eml`.
  const order = (file: string) => file.split("-").slice(0, 2).map(Number);
  while (Date.now() < deadline) {
    const files = (fs.existsSync(mailDir) ? fs.readdirSync(mailDir) : []).filter((f) => f.endsWith(`-${to}.eml`));
    if (files.length >= count) {
      files.sort((a, b) => order(a)[0] - order(b)[0] || order(a)[1] - order(b)[1]);
      return files.map((file) => {
        const raw = fs.readFileSync(path.join(mailDir, file), "utf8");
        const [headers, ...body] = raw.split(/\r?\n\r?\n/);
        const text = body.join("\n\n");
        return /content-transfer-encoding:\s*quoted-printable/i.test(headers) ? libqp.decode(text).toString("utf8") : text;
      });
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No ${count === 1 ? "mail" : `${count} mails`} to ${to} within ${timeoutMs} ms`);
}

/** Waits for a mail to `to` to reach the test SMTP server and returns its decoded text. */
export async function waitForMail(to: string, timeoutMs = 10_000): Promise<string> {
  return (await waitForMails(to, 1, timeoutMs))[0];
}

export function resetLinkIn(mail: string): string {
  const link = mail.match(/https?:\/\/\S+\/password\/reset\/[a-f0-9]+/)?.[0];
  if (!link) throw new Error(`No reset link in mail:\n${mail}`);
  return new URL(link).pathname;
}

/** Without JavaScript the page is rendered anew by the server, which never sends a password back. */
export async function expectPasswordNotEchoed(page: Page, label: string) {
  if (test.info().project.name === "no-js") await expect(page.getByLabel(label, { exact: true })).toHaveValue("");
}
