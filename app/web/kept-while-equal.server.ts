// The last answer per key, so that a page read afresh on every visit (a shopper's orders) hands
// CachedFragment the same object while nothing in it has changed, and its HTML is rendered once.
// The database is still read on every visit: only the object is reused, never a stale answer.

const MAX_ENTRIES = 500;

const kept = new Map<string, { json: string; value: object }>();

/**
 * `value`, or the object kept under `key` when that one holds the same (compared as JSON). The key
 * must name everyone the answer is for (e.g. the user's id): callers share the kept object.
 */
export function keptWhileEqual<T extends object>(key: string, value: T): T {
  const json = JSON.stringify(value);
  const before = kept.get(key);
  kept.delete(key);
  const entry = before?.json === json ? before : { json, value };
  // Oldest first out: a Map keeps insertion order, and a used key is put back at the end.
  kept.set(key, entry);
  if (kept.size > MAX_ENTRIES) kept.delete(kept.keys().next().value!);
  return entry.value as T;
}
