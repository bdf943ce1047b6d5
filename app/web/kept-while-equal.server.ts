// The last answer per key, so that a page read afresh on every visit (a shopper's orders) hands
// CachedFragment the same object while nothing in it has changed, and its HTML is rendered once.
// The database is still read on every visit: only the object is reused, never a stale answer.

import { LRUCache } from "lru-cache";

type Kept = { json: string; value: object };

// At most 500 shoppers' answers and 4 MB of their JSON: one shopper with thousands of orders
// cannot hold a worker's memory.
const kept = new LRUCache<string, Kept>({
  max: 500,
  maxSize: 4 * 1024 * 1024,
  sizeCalculation: (entry) => Math.max(1, entry.json.length),
});

/**
 * `value`, or the object kept under `key` when that one holds the same (compared as JSON). The key
 * must name everyone the answer is for (e.g. the user's id): callers share the kept object.
 */
export function keptWhileEqual<T extends object>(key: string, value: T): T {
  const json = JSON.stringify(value);
  const before = kept.get(key);
  if (before?.json === json) return before.value as T;
  kept.set(key, { json, value });
  return value;
}
