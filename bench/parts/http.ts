import fs from "node:fs";
import path from "node:path";
import { bareBehindBalancer, serveBare } from "../lib/bare";
import { nodes } from "../lib/engine";
import { BROWSER_HEADERS, LOAD, load, type LoadResult } from "../lib/load";
import { addRow, pct, perSecond } from "../lib/report";
import { decodedBody, fetchRaw } from "../lib/sample";
import type { ShopServer } from "../lib/server";

/** The id of a demo product that has reviews (a full product page). */
export async function sampleProductId(shop: ShopServer): Promise<string> {
  const body = (await (await fetch(`${shop.url}/api/v1/products?page=1`)).json()) as {
    products: { _id: string; numOfReviews: number }[];
  };
  const withReviews = body.products.find((p) => p.numOfReviews > 0) ?? body.products[0];
  if (!withReviews) throw new Error("The catalogue is empty");
  return withReviews._id;
}

/** Who asks, and what the shop must reach for them (issue 15's goals 1 and 2). */
export type Visitor = { label: string; headers: Record<string, string>; minRatio: number; maxP99?: number };

export const ANONYMOUS: Visitor = { label: "anonymous", headers: BROWSER_HEADERS, minRatio: 0.5, maxP99: 20 };

export const signedIn = (cookie: string): Visitor => ({
  label: "signed in",
  headers: { ...BROWSER_HEADERS, cookie },
  minRatio: 0.02,
});

let constants = 0;

/** Stores a page's bytes for the shop's same-stack route (bench/lib/shop-launcher.ts); returns its path. */
function sameStackConstant(shop: ShopServer, contentType: string, body: Buffer): string {
  const key = `c${++constants}`;
  const dir = path.join(shop.dataDir, "bench-ceiling");
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `${key}.json`), JSON.stringify({ contentType, body: body.toString("base64") }));
  return `/__bench/ceiling/${key}`;
}

const failures = (r: LoadResult) => r.non2xx + r.errors;

/**
 * Loads `path` as `visitor`, and the same response from two references: the physical limit, a bare
 * node:http server in its own process sending the very bytes and headers the shop sent (compressed
 * as the shop compressed them for these request headers), and the same bytes answered as a constant
 * through the shop's own middleware (same stack). One row: requests/s, p50 / p99, the ratio to the
 * bare server, and the same-stack figure.
 */
export async function againstReferences(
  shop: ShopServer,
  part: string,
  label: string,
  urlPath: string,
  visitor: Visitor,
) {
  const sample = await fetchRaw(`${shop.url}${urlPath}`, visitor.headers);
  if (sample.status !== 200) throw new Error(`GET ${urlPath} (${visitor.label}) answered ${sample.status}`);
  const sameStackPath = sameStackConstant(
    shop,
    String(sample.headers["content-type"] ?? "text/html; charset=utf-8"),
    decodedBody(sample),
  );
  const check = await fetchRaw(`${shop.url}${sameStackPath}`, visitor.headers);
  if (check.status !== 200)
    throw new Error(
      `The same-stack route answered ${check.status}: start the server through bench/lib/shop-launcher.ts`,
    );

  const bareUrl = await serveBare(sample);
  const bare = await load(bareUrl, visitor.headers);
  // Many nodes: the bare server through the same load balancer too (the layout's own limit).
  const balanced = nodes > 1 ? await load(await bareBehindBalancer(bareUrl, nodes), visitor.headers) : undefined;
  const same = await load(`${shop.url}${sameStackPath}`, visitor.headers);
  const result = await load(`${shop.url}${urlPath}`, visitor.headers);
  const failed = failures(result);
  const ratio = result.rps / bare.rps;
  const encoding = sample.headers["content-encoding"] ?? "uncompressed";
  addRow({
    part,
    workers: shop.workers,
    measure: `GET ${label}, ${visitor.label} (${(sample.body.length / 1024).toFixed(1)} KB ${encoding}; ${LOAD.connections} conns, ${LOAD.seconds} s): req/s, p50 / p99`,
    value: `${perSecond(result.rps)}, ${result.p50} / ${result.p99} ms${failed ? ` (${failed} failed)` : ""}`,
    reference: `bare ${perSecond(bare.rps)}, ${bare.p50} / ${bare.p99} ms${failures(bare) ? ` (${failures(bare)} failed)` : ""}${balanced ? `; bare through HAProxy ${perSecond(balanced.rps)}, ${balanced.p50} / ${balanced.p99} ms (shop ${pct(result.rps / balanced.rps)})` : ""}`,
    ratio: pct(ratio),
    sameStack: `${perSecond(same.rps)}, ${same.p50} / ${same.p99} ms (shop ${pct(result.rps / same.rps)})${failures(same) ? ` (${failures(same)} failed)` : ""}`,
    goal: `≥ ${pct(visitor.minRatio)} of bare${visitor.maxP99 ? `, p99 < ${visitor.maxP99} ms` : ""}`,
    met: ratio >= visitor.minRatio && (visitor.maxP99 === undefined || result.p99 < visitor.maxP99) && failed === 0,
  });
}
