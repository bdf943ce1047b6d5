import fs from "node:fs";
import { createRequire } from "node:module";
import { expect, test } from "@playwright/test";
import { watchPolicyViolations } from "../support/policy-violations";

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

test("/api/docs shows every operation, lets one be tried, under the CSP, with no WCAG 2.1 AA problem at 390 px", async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  const violations = await watchPolicyViolations(page);
  const outside: string[] = [];
  page.on("request", (r) => {
    if (!/^(data:|blob:)/.test(r.url()) && new URL(r.url()).origin !== new URL(baseURL!).origin) outside.push(r.url());
  });
  await page.goto("/api/docs");
  await expect(page.locator(".opblock").first()).toBeVisible({ timeout: 15_000 });
  const doc = await (await page.request.get("/api/v1/openapi.json")).json();
  const operations = Object.values(doc.paths as Record<string, object>).reduce((n, item) => n + Object.keys(item).length, 0);
  await expect(page.locator(".opblock")).toHaveCount(operations);

  const products = page.locator(".opblock-get", { hasText: "/products" }).first();
  await products.locator(".opblock-summary-control").click();
  await products.getByRole("button", { name: "Try it out" }).click();
  await products.getByRole("button", { name: "Execute" }).click();
  await expect(products.locator(".live-responses-table .response .response-col_status").first()).toHaveText("200");

  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.evaluate(axeSource);
  const axe = await page.evaluate(() =>
    (window as unknown as { axe: { run: (c: Document, o: object) => Promise<{ violations: { id: string; nodes: unknown[] }[] }> } }).axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
    }),
  );
  expect(axe.violations.map((v) => `${v.id} (${v.nodes.length})`)).toEqual([]);
  expect(violations).toEqual([]);
  expect(outside).toEqual([]);
});
