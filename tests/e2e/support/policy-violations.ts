import { expect, type Page } from "@playwright/test";

/**
 * Collects what the browser refuses under the Content-Security-Policy or complains about in the
 * Permissions-Policy: its console errors and, with JavaScript, `securitypolicyviolation` events.
 * Call before the first navigation.
 */
export async function watchPolicyViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (
      message.type() === "error" &&
      /Content Security Policy|Permissions-Policy|Permissions policy/i.test(message.text())
    )
      violations.push(`${page.url()}: ${message.text()}`);
  });
  await page.exposeBinding("__policyViolation", ({ frame }, text: string) =>
    violations.push(`${frame.url()}: ${text}`),
  );
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { __policyViolation: (text: string) => void }).__policyViolation;
      report(`${event.effectiveDirective} blocked ${event.blockedURI || "inline"} ${event.sample}`);
    });
  });
  return violations;
}

/** Waits until Remix has hydrated the page (its inline scripts were allowed to run); else says what was refused. */
export async function expectHydrated(page: Page, violations: string[]) {
  await page
    .waitForFunction(() => "__remixRouter" in window, undefined, { timeout: 10_000 })
    .catch((error: Error) => {
      throw new Error(
        `${page.url()} did not hydrate. Policy violations: ${JSON.stringify(violations, null, 2)}\n${error.message}`,
      );
    });
  expect(await page.evaluate(() => document.querySelectorAll("script:not([src])").length)).toBeGreaterThan(1);
}
