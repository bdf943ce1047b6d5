import { expect, test } from "@playwright/test";
import { wcagViolations } from "../support/axe";
import { watchPolicyViolations } from "../support/policy-violations";

test("/api/docs shows every operation, lets one be tried, under the CSP, with no WCAG 2.1 AA problem at 390 px", async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 390, height: 800 });
  const violations = await watchPolicyViolations(page);
  const outside: string[] = [];
  page.on("request", (r) => {
    if (!/^(data:|blob:)/.test(r.url()) && new URL(r.url()).origin !== new URL(baseURL!).origin) outside.push(r.url());
  });
  await page.goto("/api/docs");
  await expect(page.locator(".opblock").first()).toBeVisible({ timeout: 15_000 });
  const doc = await (await page.request.get("/api/v1/openapi.json")).json();
  const operations = Object.values(doc.paths as Record<string, object>).reduce(
    (n, item) => n + Object.keys(item).length,
    0,
  );
  await expect(page.locator(".opblock")).toHaveCount(operations);

  const products = page.locator(".opblock-get", { hasText: "/products" }).first();
  await products.locator(".opblock-summary-control").click();
  await products.getByRole("button", { name: "Try it out" }).click();
  await products.getByRole("button", { name: "Execute" }).click();
  await expect(products.locator(".live-responses-table .response .response-col_status").first()).toHaveText("200");

  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await wcagViolations(page)).toEqual([]);
  expect(violations).toEqual([]);
  expect(outside).toEqual([]);
});
