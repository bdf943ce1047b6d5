import { runChild } from "../../tools/load/children";
import { quick } from "./report";

export type LoadResult = {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  bytes: number;
};

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

/**
 * autocannon against one URL: `connections` keep-alive connections for `seconds`, after a one-second
 * warm-up. It runs in a child process (bench/children/load.ts): one thread, so on 2 cores it takes
 * one core while the server under test has the other (or shares both with the shop's workers).
 */
export async function load(url: string, headers: Record<string, string> = BROWSER_HEADERS): Promise<LoadResult> {
  return runChild<LoadResult>("bench/children/load.ts", [
    JSON.stringify({ url, headers, connections: LOAD.connections, seconds: LOAD.seconds }),
  ]);
}
