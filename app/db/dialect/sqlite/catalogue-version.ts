import type { Statement } from "better-sqlite3";
import { eq } from "drizzle-orm";
import { db, type Connection } from "../../client.server";
import { catalogueVersionRow } from "../../derived.sqlite";

let statement: Statement<unknown[], number> | undefined;

/**
 * The catalogue's version as the read connection sees it, synchronously: the one check on every
 * cache hit, one indexed read of a one-row table kept compiled (a few microseconds).
 */
export function catalogueVersion(): number {
  if (statement === undefined) {
    const query = db
      .select({ version: catalogueVersionRow.version })
      .from(catalogueVersionRow)
      .where(eq(catalogueVersionRow.id, 1))
      .toSQL();
    statement = (db as Connection).$client.prepare<unknown[], number>(query.sql).pluck();
    statement.bind(...query.params);
  }
  return statement.get() ?? 0;
}

/** Read from the database at each call on SQLite: nothing to follow, known at once. */
export async function followCatalogueVersion(): Promise<void> {}

/** Nothing to catch up with on SQLite: catalogueVersion() reads the database itself. */
export async function catchUpCatalogueVersion(): Promise<void> {}
