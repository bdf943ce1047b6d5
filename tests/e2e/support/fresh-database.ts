import path from "node:path";
import { createDatabase } from "../../../tools/pg/databases";

/**
 * A fresh, empty database for a shop a test starts itself, on the engine the suite runs on: a SQLite
 * file in `dir`, or (npm run test:e2e:pg, where PG_TEST_URL names the server) a new PostgreSQL
 * database. Returns the shop's DATABASE_URL.
 */
export async function freshDatabase(dir: string, name: string): Promise<string> {
  const server = process.env.PG_TEST_URL;
  if (!server) return `file:${path.join(dir, `${name}.db`)}`;
  const database = `${name}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  return createDatabase(server, database);
}
