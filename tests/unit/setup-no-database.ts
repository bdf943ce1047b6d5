import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { forgetProcessWide } from "~/lib/process-wide.server";

// The Vitest project "no-db" (files named *.nodb.test.ts): tests that use no database run once, not
// once per engine. Any database they reach is one that cannot be opened, so a test that starts using
// one fails at once: it then belongs in the other projects (rename it *.test.ts).
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-unit-"));
process.env.UPLOADS_DIR = path.join(dir, "uploads");
process.env.SESSION_SECRET ??= "unit-test-secret";
process.env.DATABASE_URL = "postgres://no-database@127.0.0.1:9/not-in-the-no-db-project";
forgetProcessWide();
