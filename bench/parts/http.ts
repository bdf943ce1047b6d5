import type { ShopServer } from "../lib/server";
import { BROWSER_HEADERS, LOAD, load } from "../lib/load";
import { addRow, pct } from "../lib/report";

/** The id of a demo product that has reviews (a full product page). */
export async function sampleProductId(shop: ShopServer): Promise<string> {
  const body = (await (await fetch(`${shop.url}/api/v1/products?page=1`)).json()) as {
    products: { _id: string; numOfReviews: number }[];
  };
  const withReviews = body.products.find((p) => p.numOfReviews > 0) ?? body.products[0];
  if (!withReviews) throw new Error("The catalogue is empty");
  return withReviews._id;
}

/**
 * Loads `path` as an anonymous visitor, then the same bytes served as a constant by the same
 * process (the ceiling), and records requests/s as a ratio of the ceiling, with p50 and p99.
 */
export async function againstCeiling(shop: ShopServer, part: string, path: string, key: string) {
  const page = await fetch(`${shop.url}${path}`, { headers: { ...BROWSER_HEADERS, "accept-encoding": "identity" } });
  if (!page.ok) throw new Error(`GET ${path} answered ${page.status}`);
  const body = Buffer.from(await page.arrayBuffer());
  const put = await fetch(`${shop.url}/__bench/ceiling/${key}`, {
    method: "PUT",
    headers: { "content-type": page.headers.get("content-type") ?? "text/html; charset=utf-8" },
    body,
  });
  if (put.status !== 204) throw new Error(`The ceiling route answered ${put.status}: start the server with BENCH_CEILING=1`);

  const ceiling = await load(`${shop.url}/__bench/ceiling/${key}`);
  const result = await load(`${shop.url}${path}`);
  const failed = result.non2xx + result.errors;
  const ratio = result.rps / ceiling.rps;
  addRow({
    part,
    measure: `GET ${path} req/s (${LOAD.connections} conns, ${LOAD.seconds} s, ${(body.length / 1024).toFixed(0)} KB)`,
    value: `${result.rps.toFixed(0)}${failed ? ` (${failed} failed)` : ""}`,
    reference: `${ceiling.rps.toFixed(0)} constant`,
    ratio: pct(ratio),
    goal: "≥ 50%",
    met: ratio >= 0.5 && failed === 0,
  });
  addRow({
    part,
    measure: `GET ${path} latency p50 / p99`,
    value: `${result.p50} / ${result.p99} ms`,
    reference: `${ceiling.p50} / ${ceiling.p99} ms`,
    goal: "p99 < 50 ms",
    met: result.p99 < 50,
  });
}
