import type { Statement } from "better-sqlite3";
import { db } from "~/db/client.server";

let statement: Statement<[], number> | undefined;

/**
 * The catalogue's version: database triggers bump it with every change to products, stock,
 * pictures or reviews (drizzle/0004), so a cache tagged with it can never serve a stale catalogue.
 * One indexed read of a one-row table (a few microseconds).
 */
export function catalogueVersion(): number {
  statement ??= db.$client.prepare<[], number>("SELECT version FROM catalogue_version WHERE id = 1").pluck();
  return statement.get() ?? 0;
}
