import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { inject } from "vitest";
import { forgetProcessWide } from "~/lib/process-wide.server";
import { createDatabase } from "../../tools/pg/databases";

// Every test file gets a fresh database of its own with the real migrations applied: a copy of the
// run's migrated template, a SQLite file (project "sqlite", tests/unit/sqlite-global-setup.ts) or a
// database on the run's PostgreSQL server (project "pg", tests/unit/pg-global-setup.ts).
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-unit-"));
process.env.UPLOADS_DIR = path.join(dir, "uploads");
process.env.SESSION_SECRET ??= "unit-test-secret";

async function freshPostgresDatabase(): Promise<string> {
  const serverUrl = inject("pgServerUrl");
  const name = `test_${path
    .basename(dir)
    .replace(/[^a-z0-9]/gi, "_")
    .toLowerCase()}`;
  return createDatabase(serverUrl, name, inject("pgTemplate"));
}

if (process.env.SHOP_TEST_ENGINE === "pg") {
  // The server, for tests that make databases of their own (tests/unit/pg-database.ts).
  process.env.PG_TEST_URL = inject("pgServerUrl");
  process.env.DATABASE_URL = await freshPostgresDatabase();
  forgetProcessWide();
} else {
  const file = path.join(dir, "shop.db");
  fs.copyFileSync(inject("sqliteTemplate"), file);
  process.env.DATABASE_URL = `file:${file}`;
  forgetProcessWide();
}
