// `npm run bench` runs every part; `npm run bench -- search dashboard` runs those; `--quick` (or
// BENCH_QUICK=1) shortens runs and data sets while developing. Prints one table at the end.
import { execSync } from "node:child_process";
import os from "node:os";
import fs from "node:fs";
import { markdownTable, quick, rows } from "./lib/report";

const PARTS = {
  pages: () => import("./parts/pages").then((m) => m.pages()),
  api: () => import("./parts/api").then((m) => m.api()),
  search: () => import("./parts/search").then((m) => m.search()),
  dashboard: () => import("./parts/dashboard").then((m) => m.dashboard()),
  checkout: () => import("./parts/checkout").then((m) => m.checkout()),
  weight: () => import("./parts/weight").then((m) => m.weight()),
  lighthouse: () => import("./parts/lighthouse").then((m) => m.lighthouse()),
  bodies: () => import("./parts/bodies").then((m) => m.bodies()),
} as const;
type Part = keyof typeof PARTS;

const args = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const unknown = args.filter((a) => !(a in PARTS));
if (unknown.length) {
  console.error(`Unknown part(s): ${unknown.join(", ")}. Parts: ${Object.keys(PARTS).join(", ")}`);
  process.exit(2);
}
const selected = (args.length ? args : Object.keys(PARTS)) as Part[];

function machine(): string {
  const cpu = fs.readFileSync("/proc/cpuinfo", "utf8").match(/model name\s*:\s*(.+)/)?.[1] ?? os.cpus()[0]?.model ?? "?";
  let commit = "?";
  try {
    commit = execSync("git rev-parse --short HEAD", { encoding: "utf8" }).trim();
    if (execSync("git status --porcelain", { encoding: "utf8" }).trim()) commit += " (+ uncommitted changes)";
  } catch {
    /* not a git checkout */
  }
  return [
    `date: ${new Date().toISOString()}`,
    `commit: ${commit}`,
    `machine: ${os.cpus().length} cores (nproc), ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB`,
    `node: ${process.version}, ${os.type()} ${os.release()}`,
    `mode: ${quick ? "quick (BENCH_QUICK: shorter runs, smaller data sets; not for the record)" : "full"}`,
  ].join("\n");
}

const started = Date.now();
console.log(machine());
let failed = false;
for (const part of selected) {
  const t0 = Date.now();
  console.log(`\n== ${part}`);
  try {
    await PARTS[part]();
  } catch (error) {
    failed = true;
    console.error(`  ${part} failed:`, error);
  }
  console.log(`  (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
}
console.log(`\n${machine()}\ntotal time: ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
console.log(markdownTable(rows));
process.exit(failed ? 1 : 0);
