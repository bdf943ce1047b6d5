import { catchUpCatalogueVersion as catchUp, catalogueVersion as readCatalogueVersion } from "~/db/dialect";

/**
 * The catalogue's version: database triggers bump it with every change to products, stock,
 * pictures or reviews (drizzle/sqlite/0004, the tables in app/db/catalogue-tables.ts), so a cache tagged
 * with it can never serve a stale catalogue. Synchronous: it is the cache hit's one check, read
 * cheaply by the dialect.
 */
export function catalogueVersion(): number {
  return readCatalogueVersion();
}

/**
 * Before a known visitor's request (signed in, or with a cart): on PostgreSQL, where each node hears
 * of changes through a notification, the version is read from the database, so that a change they
 * made through another node is never read from before it. A failed read is the request's to meet.
 */
export function catchUpCatalogueVersion(): Promise<void> {
  return catchUp().catch(() => {});
}
