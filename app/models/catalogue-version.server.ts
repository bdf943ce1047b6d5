import { catalogueVersion as readCatalogueVersion } from "~/db/dialect";

/**
 * The catalogue's version: database triggers bump it with every change to products, stock,
 * pictures or reviews (drizzle/sqlite/0004, the tables in app/db/catalogue-tables.ts), so a cache tagged
 * with it can never serve a stale catalogue. Synchronous: it is the cache hit's one check, read
 * cheaply by the dialect.
 */
export function catalogueVersion(): number {
  return readCatalogueVersion();
}
