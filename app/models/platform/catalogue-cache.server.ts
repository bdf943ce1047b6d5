import { and, gt, isNull, lte, or, sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { jsonSize } from "~/lib/json-size";
import { db } from "~/db/client.server";
import { catalogueChanges } from "~/db/derived";
import { inList, listParam, preparedOnce } from "~/db/dialect";
import { catalogueVersion } from "./catalogue-version.server";

// What the catalogue's readers return, kept across catalogue changes that do not touch it. The
// version moves in the same transaction as every change to products, stock, pictures, reviews or
// a reviewer's name (drizzle/sqlite/0004), from any process, and the same transaction notes which product
// it touched, or that it may touch any page (drizzle/sqlite/0009): a kept answer is read again once a
// change since it was read touched a product it depends on, or any page, so it is never stale.
// The answers hold catalogue data only, the same for everyone; callers must not change them.

// At most 1,000 answers and 16 MB of their JSON (a search for every word of a dictionary, each
// answer a page of products, pushes out the least recently used, not the worker's memory limit).
const MAX_ENTRIES = 1000;
const MAX_JSON_BYTES = 16 * 1024 * 1024;
// drizzle/sqlite/0009 keeps the changes of the last 10,000 versions: an answer older than that is read again.
const KEPT_VERSIONS = 10_000;

/** The products an answer shows, or "all" when any change to a product may change it (a list by rating). */
export type DependsOn = readonly string[] | "all";

type Entry = { value: unknown; checkedAt: number; dependsOn: DependsOn };
const kept = new LRUCache<string, Entry>({
  max: MAX_ENTRIES,
  maxSize: MAX_JSON_BYTES,
  sizeCalculation: (entry) => jsonSize(entry.value),
});

const changeSince = preparedOnce((q) =>
  q
    .select({ one: sql<number>`1` })
    .from(catalogueChanges)
    .where(
      and(
        gt(catalogueChanges.version, sql.placeholder("from")),
        lte(catalogueChanges.version, sql.placeholder("to")),
        or(
          isNull(catalogueChanges.productId),
          sql`${sql.placeholder("all")} = 1`,
          inList(catalogueChanges.productId, sql.placeholder("ids")),
        ),
      ),
    )
    .limit(1)
    .prepare(),
);

/** Whether a change after version `from`, up to `to`, touched any page or one of `dependsOn`'s products. */
async function touchedSince(from: number, to: number, dependsOn: DependsOn): Promise<boolean> {
  // A version that was not known (below zero) says nothing of what changed since.
  if (from < 0 || to < 0 || to - from >= KEPT_VERSIONS) return true;
  const all = dependsOn === "all";
  const found = await changeSince(db).execute({ from, to, all: all ? 1 : 0, ids: listParam(all ? [] : dependsOn) });
  return found.length > 0;
}

/**
 * `read()`'s answer for `key`, read again only after a change that touched one of the products it
 * depends on (`dependsOn(answer)`) or any page.
 */
export async function catalogueCached<T>(
  key: string,
  read: () => Promise<T>,
  dependsOn: (answer: T) => DependsOn,
): Promise<T> {
  // The version is read first: an answer read after a change is at worst tagged with the version
  // before it, and so checked against that change too, never the other way round.
  const version = catalogueVersion();
  // An unknown version (PostgreSQL, before its follower has heard it): read, and keep nothing.
  if (version < 0) return read();
  const entry = kept.get(key);
  if (entry && (entry.checkedAt === version || !(await touchedSince(entry.checkedAt, version, entry.dependsOn)))) {
    entry.checkedAt = version;
    return entry.value as T;
  }
  const value = await read();
  kept.set(key, { value, checkedAt: version, dependsOn: dependsOn(value) });
  return value;
}

// For measurement and tests only (bench/children/search.ts times the database's read; unit tests start empty).
export const forgetCatalogueAnswers = (): void => kept.clear();
