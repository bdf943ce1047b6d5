import autocannon from "autocannon";
import { quick } from "./report";

export type LoadResult = { rps: number; p50: number; p99: number; requests: number; non2xx: number; errors: number; bytes: number };

/** What a browser sends for a page: compressed bodies accepted, no cookies (an anonymous visitor). */
export const BROWSER_HEADERS = {
  accept: "text/html,application/xhtml+xml,application/json;q=0.9,*/*;q=0.8",
  "accept-encoding": "gzip, deflate, br",
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) shopit-bench",
};

export const LOAD = {
  connections: 50,
  seconds: quick ? 3 : 10,
};

/** autocannon against one URL: `connections` keep-alive connections for `seconds`. */
export async function load(url: string, headers: Record<string, string> = BROWSER_HEADERS): Promise<LoadResult> {
  // A short warm-up so that JIT and caches are in the state a live server is in.
  await autocannon({ url, connections: 10, duration: 1, headers });
  const result = await autocannon({ url, connections: LOAD.connections, duration: LOAD.seconds, headers });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    bytes: result.throughput.average,
  };
}
