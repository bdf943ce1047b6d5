import { catalogueVersion } from "./catalogue-version.server";

// What the catalogue's readers return, kept while the catalogue version is unchanged: the version
// moves in the same transaction as every change to products, stock, pictures, reviews or a
// reviewer's name (drizzle/0004), from any process, so a kept answer is never stale. The answers
// hold catalogue data only, the same for everyone; callers must not change them.

const MAX_ENTRIES = 1000;

let keptVersion = -1;
const kept = new Map<string, unknown>();

/** `read()`'s answer for `key`, computed once per catalogue version. */
export function catalogueCached<T>(key: string, read: () => T): T {
  // The version is read first: an answer computed after a change is at worst kept under the version
  // before it, and so computed again on the next call, never the other way round.
  const version = catalogueVersion();
  if (version !== keptVersion) {
    kept.clear();
    keptVersion = version;
  }
  if (kept.has(key)) return kept.get(key) as T;
  const value = read();
  if (kept.size >= MAX_ENTRIES) kept.delete(kept.keys().next().value!);
  kept.set(key, value);
  return value;
}

/** Drops every kept answer, so that the next read asks the database (the search bench times that read). */
export function forgetCatalogueAnswers(): void {
  kept.clear();
}
