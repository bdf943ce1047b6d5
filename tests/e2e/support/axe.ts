import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** The rules every page must pass: WCAG 2.1 A and AA, and axe's best practices. */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

/**
 * axe's violations on the page as it is now, as `rule (nodes): first target` lines. `exclude` takes
 * selectors of third-party widgets whose markup the shop cannot change (say why at the call).
 */
export async function wcagViolations(page: Page, exclude: string[] = []): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(AXE_TAGS);
  for (const selector of exclude) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  return violations.map((v) => `${v.id} (${v.nodes.length}): ${v.nodes[0]?.target.join(" ")}`);
}

/** Whether the page is wider than its viewport (something runs off a phone's screen). */
export const overflowsViewport = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
