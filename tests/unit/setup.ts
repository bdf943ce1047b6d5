import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { forgetProcessWide } from "~/lib/process-wide.server";

// Every test file gets its own fresh SQLite file with the real migrations applied.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-unit-"));
process.env.DATABASE_URL = `file:${path.join(dir, "shop.db")}`;
process.env.UPLOADS_DIR = path.join(dir, "uploads");
process.env.SESSION_SECRET ??= "unit-test-secret";
forgetProcessWide();

const { migrateDatabase } = await import("~/db/migrate.server");
await migrateDatabase();
