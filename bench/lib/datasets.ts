import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { runChild } from "./children";
import { progressDone } from "./report";

const CACHE_DIR = path.join(os.tmpdir(), "shopit-bench-data");

/** Changes whenever the schema (migrations) or the data generator changes. */
function datasetVersion(): string {
  const hash = crypto.createHash("sha256");
  for (const file of fs
    .readdirSync("drizzle/sqlite")
    .filter((f) => f.endsWith(".sql"))
    .sort())
    hash.update(fs.readFileSync(path.join("drizzle/sqlite", file)));
  hash.update(fs.readFileSync("bench/children/seed.ts"));
  return hash.digest("hex").slice(0, 12);
}

/**
 * A SQLite file holding `count` generated products or orders, built once in a temporary folder
 * with the shop's schema and Drizzle code (bench/children/seed.ts) and reused while the schema and
 * generator are unchanged (BENCH_FRESH=1 builds it again).
 */
export async function dataset(kind: "products" | "orders", count: number): Promise<string> {
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  const file = path.join(CACHE_DIR, `${kind}-${count}-${datasetVersion()}.db`);
  if (fs.existsSync(file) && process.env.BENCH_FRESH !== "1") {
    progressDone(`${count.toLocaleString("en")} ${kind}: reusing ${file}`);
    return file;
  }
  const building = `${file}.building`;
  for (const f of [building, `${building}-wal`, `${building}-shm`]) fs.rmSync(f, { force: true });
  const t0 = Date.now();
  await runChild("bench/children/seed.ts", [kind, String(count)], { DATABASE_URL: `file:${building}` });
  fs.renameSync(building, file);
  progressDone(
    `${count.toLocaleString("en")} ${kind} seeded in ${((Date.now() - t0) / 1000).toFixed(0)} s into ${file}`,
  );
  return file;
}
