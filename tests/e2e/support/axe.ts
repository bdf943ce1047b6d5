import fs from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** axe's WCAG 2.1 A/AA violations on the page as it is now, as `rule (nodes)` lines. */
export async function wcagViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const result = await page.evaluate(() =>
    (window as unknown as { axe: { run: (c: Document, o: object) => Promise<{ violations: { id: string; nodes: unknown[] }[] }> } }).axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
    }),
  );
  return result.violations.map((v) => `${v.id} (${v.nodes.length})`);
}

/** Whether the page is wider than its viewport (something runs off a phone's screen). */
export const overflowsViewport = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
