import * as chromeLauncher from "chrome-launcher";
import lighthouseRun from "lighthouse";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../tests/chromium";
import { addRow } from "../lib/report";
import { withShop } from "../lib/server";
import { sampleProductId } from "./http";

// 7. Lighthouse (mobile preset, its default) on Debian's Chromium: performance and accessibility.
export async function lighthouse() {
  await withShop(async (shop) => {
    const productId = await sampleProductId(shop);
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: CHROMIUM_ARGS,
      logLevel: "error",
    });
    try {
      for (const [label, path] of [
        ["/", "/"],
        ["/product/:id", `/product/${productId}`],
        ["/cart", "/cart"],
      ]) {
        const audit = () =>
          lighthouseRun(`${shop.url}${path}`, {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            onlyCategories: ["performance", "accessibility"],
          });
        let lhr = (await audit())?.lhr;
        // A run that could not load the page (a busy machine) is taken again once.
        if (lhr?.runtimeError) {
          console.log(`  ${label}: Lighthouse error ${lhr.runtimeError.code}: ${lhr.runtimeError.message}; once more`);
          lhr = (await audit())?.lhr;
        }
        if (!lhr) throw new Error(`Lighthouse gave no result for ${path}`);
        const perf = Math.round((lhr.categories.performance.score ?? 0) * 100);
        const a11y = Math.round((lhr.categories.accessibility.score ?? 0) * 100);
        const failing = Object.values(lhr.audits)
          .filter(
            (a) =>
              a.score !== null &&
              a.score < 0.9 &&
              a.scoreDisplayMode !== "informative" &&
              a.scoreDisplayMode !== "notApplicable",
          )
          .map((a) => a.id);
        const metric = (id: string) => lhr.audits[id]?.displayValue ?? "?";
        addRow({
          part: "lighthouse",
          measure: `${label}: performance / accessibility (FCP ${metric("first-contentful-paint")}, LCP ${metric("largest-contentful-paint")}, TBT ${metric("total-blocking-time")}, CLS ${metric("cumulative-layout-shift")})`,
          value: `${perf} / ${a11y}`,
          reference: lhr.runtimeError
            ? `error ${lhr.runtimeError.code}`
            : failing.length
              ? `below 0.9: ${failing.join(", ")}`
              : "every audit ≥ 0.9",
          goal: "≥ 95 / 100",
          met: perf >= 95 && a11y === 100,
        });
      }
    } finally {
      chrome.kill();
    }
  });
}
