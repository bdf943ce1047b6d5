import type { Statement } from "better-sqlite3";
import { LRUCache } from "lru-cache";
import { jsonSize } from "~/lib/json-size";
import { db } from "~/db/client.server";
import { catalogueVersion } from "./catalogue-version.server";

// What the catalogue's readers return, kept across catalogue changes that do not touch it. The
// version moves in the same transaction as every change to products, stock, pictures, reviews or
// a reviewer's name (drizzle/0004), from any process, and the same transaction notes which product
// it touched, or that it may touch any page (drizzle/0009): a kept answer is read again once a
// change since it was read touched a product it depends on, or any page, so it is never stale.
// The answers hold catalogue data only, the same for everyone; callers must not change them.

// At most 1,000 answers and 16 MB of their JSON (a search for every word of a dictionary, each
// answer a page of products, pushes out the least recently used, not the worker's memory limit).
const MAX_ENTRIES = 1000;
const MAX_JSON_BYTES = 16 * 1024 * 1024;
// drizzle/0009 keeps the changes of the last 10,000 versions: an answer older than that is read again.
const KEPT_VERSIONS = 10_000;

/** The products an answer shows, or "all" when any change to a product may change it (a list by rating). */
export type DependsOn = readonly string[] | "all";

type Entry = { value: unknown; checkedAt: number; dependsOn: DependsOn };
const kept = new LRUCache<string, Entry>({ max: MAX_ENTRIES, maxSize: MAX_JSON_BYTES, sizeCalculation: (entry) => jsonSize(entry.value) });

let touched: Statement<{ from: number; to: number; all: number; ids: string }, number> | undefined;

/** Whether a change after version `from`, up to `to`, touched any page or one of `dependsOn`'s products. */
function touchedSince(from: number, to: number, dependsOn: DependsOn): boolean {
  if (to - from >= KEPT_VERSIONS) return true;
  touched ??= db.$client
    .prepare<{ from: number; to: number; all: number; ids: string }, number>(
      `SELECT EXISTS (SELECT 1 FROM catalogue_changes WHERE version > :from AND version <= :to
         AND (product_id IS NULL OR :all = 1 OR product_id IN (SELECT value FROM json_each(:ids))))`,
    )
    .pluck();
  const all = dependsOn === "all";
  return touched.get({ from, to, all: all ? 1 : 0, ids: all ? "[]" : JSON.stringify(dependsOn) }) === 1;
}

/**
 * `read()`'s answer for `key`, read again only after a change that touched one of the products it
 * depends on (`dependsOn(answer)`) or any page.
 */
export function catalogueCached<T>(key: string, read: () => T, dependsOn: (answer: T) => DependsOn): T {
  // The version is read first: an answer read after a change is at worst tagged with the version
  // before it, and so checked against that change too, never the other way round.
  const version = catalogueVersion();
  const entry = kept.get(key);
  if (entry && (entry.checkedAt === version || !touchedSince(entry.checkedAt, version, entry.dependsOn))) {
    entry.checkedAt = version;
    return entry.value as T;
  }
  const value = read();
  kept.set(key, { value, checkedAt: version, dependsOn: dependsOn(value) });
  return value;
}

/** Drops every kept answer, so that the next read asks the database (the search bench times that read). */
export function forgetCatalogueAnswers(): void {
  kept.clear();
}
