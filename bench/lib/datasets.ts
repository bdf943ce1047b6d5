import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawn } from "node:child_process";
import { runChild } from "../../tools/load/children";
import { createDatabase, dropDatabase, onPostgres, runPgProgram, withClient } from "./engine";
import { progress, progressDone } from "./report";

const CACHE_DIR = path.join(os.tmpdir(), "shopit-bench-data");

/** Changes whenever the schema (migrations) or the data generator changes. */
function datasetVersion(...migrationFolders: string[]): string {
  const hash = crypto.createHash("sha256");
  for (const folder of ["drizzle/sqlite", ...migrationFolders])
    for (const file of fs
      .readdirSync(folder)
      .filter((f) => f.endsWith(".sql"))
      .sort())
      hash.update(fs.readFileSync(path.join(folder, file)));
  hash.update(fs.readFileSync("bench/children/seed.ts"));
  return hash.digest("hex").slice(0, 12);
}

/**
 * The data set where the shop of this run keeps its data: the SQLite file's file: URL, or (with
 * --db=postgres) the postgres:// URL of a new database holding the same rows (pgDataset). Drop the
 * latter with releaseDataset when done.
 */
export async function datasetUrl(kind: "products" | "orders", count: number): Promise<string> {
  return onPostgres ? pgDataset(kind, count) : `file:${await dataset(kind, count)}`;
}

/** Drops a database datasetUrl made (nothing to do for a SQLite file, which stays cached). */
export async function releaseDataset(url: string) {
  if (onPostgres) await dropDatabase(url);
}

/**
 * A new database on the bench's PostgreSQL server holding the SQLite data set's rows: moved in once
 * by the shop's own copier (`npm run db:copy`, app/db/copy.server.ts, which checks the counts and the
 * money), kept as a pg_dump file (custom format) beside the SQLite file, keyed by the same version
 * plus drizzle/pg's migrations, and restored by pg_restore into a fresh database on later runs.
 */
async function pgDataset(kind: "products" | "orders", count: number): Promise<string> {
  const dump = path.join(CACHE_DIR, `${kind}-${count}-${datasetVersion("drizzle/pg")}.pgdump`);
  const url = await createDatabase(kind);
  try {
    const t0 = Date.now();
    if (fs.existsSync(dump) && process.env.BENCH_FRESH !== "1") {
      progress(`${count.toLocaleString("en")} ${kind}: restoring ${dump}…`);
      runPgProgram("pg_restore", ["-j", "2", "--no-owner", "--exit-on-error", "-d", url, dump]);
      await analyze(url);
      progressDone(
        `${count.toLocaleString("en")} ${kind}: restored ${dump} in ${((Date.now() - t0) / 1000).toFixed(0)} s`,
      );
      return url;
    }
    const file = await dataset(kind, count);
    progress(`${count.toLocaleString("en")} ${kind}: npm run db:copy into PostgreSQL…`);
    await copyIn(file, url);
    await analyze(url);
    const building = `${dump}.building`;
    runPgProgram("pg_dump", ["-Fc", "-f", building, url]);
    fs.renameSync(building, dump);
    progressDone(
      `${count.toLocaleString("en")} ${kind} copied into PostgreSQL in ${((Date.now() - t0) / 1000).toFixed(0)} s, kept as ${dump}`,
    );
    return url;
  } catch (error) {
    await dropDatabase(url);
    throw error;
  }
}

/** `npm run db:copy -- <file> <url>`, as a self-hoster moves a shop; fails with its output. */
async function copyIn(file: string, url: string) {
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "db-copy.ts", file, url], {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, NODE_ENV: "production" },
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`npm run db:copy exited ${code}:\n${output.slice(-4000)}`)),
    );
  });
}

/**
 * VACUUM ANALYZE after the bulk load: what autovacuum does to a live shop's tables soon after they
 * grow (planner statistics, the visibility map that index-only scans read), done now rather than at
 * some moment during the timed calls. pg_restore carries neither.
 */
async function analyze(url: string) {
  await withClient(url, (client) => client.query("VACUUM (ANALYZE)"));
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
