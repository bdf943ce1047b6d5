import axe from "axe-core";
import type { Page } from "@playwright/test";

/** The rules every page must pass: WCAG 2.1 A and AA, and axe's best practices. */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

declare global {
  interface Window {
    axe?: typeof axe;
  }
}

/**
 * axe's violations on the page as it is now, as `rule (nodes): first target` lines. `exclude` takes
 * selectors of third-party widgets whose markup the shop cannot change (say why at the call).
 *
 * axe-core runs in the page itself, put there once per document. @axe-core/playwright's AxeBuilder
 * did the same work in about four times as long (it opens a blank page to finish every run), which
 * made the axe walks a fifth of the browser tests' time.
 */
export async function wcagViolations(page: Page, exclude: string[] = []): Promise<string[]> {
  if (!(await page.evaluate(() => window.axe !== undefined))) await page.evaluate(axe.source);
  const violations = await page.evaluate(
    ([tags, excluded]) =>
      window.axe!.run(excluded.length ? { exclude: excluded.map((selector) => [selector]) } : document, {
        runOnly: { type: "tag", values: tags },
      }),
    [AXE_TAGS, exclude] as const,
  );
  return violations.violations.map((v) => `${v.id} (${v.nodes.length}): ${v.nodes[0]?.target.join(" ")}`);
}

/** Whether the page is wider than its viewport (something runs off a phone's screen). */
export const overflowsViewport = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
