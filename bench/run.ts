// `npm run bench` runs every part; `npm run bench -- search dashboard` runs those; `--quick` (or
// BENCH_QUICK=1) shortens runs and data sets while developing; `--workers=1,2` sets the worker
// counts (WEB_CONCURRENCY) of the parts that run once per count (default: 1 and one per core);
// `--db=postgres` runs every shop on PostgreSQL (a throwaway server the bench starts, durable, and
// removes at the end; bench/lib/engine.ts) instead of SQLite (`--db=sqlite`, the default);
// `--nodes=2` runs the parts that load a shop over HTTP (pages, api, signed, mixed, checkout) on two
// shop servers sharing one PostgreSQL database behind HAProxy, one worker each unless --workers says.
// Prints one table at the end.
import { execSync } from "node:child_process";
import os from "node:os";
import fs from "node:fs";
import { engine, engineDescription, ENGINES, nodes, stopBenchCluster } from "./lib/engine";
import { addRow, markdownTable, quick, rows } from "./lib/report";
import { WorkersNotStarted } from "./lib/server";

/** Each part; those taking a worker count run once per count of `--workers`. */
const PARTS: Record<string, { perWorkers?: true; run: (workers?: number) => Promise<void> }> = {
  pages: { perWorkers: true, run: (w) => import("./parts/pages").then((m) => m.pages(w)) },
  api: { perWorkers: true, run: (w) => import("./parts/api").then((m) => m.api(w)) },
  signed: { perWorkers: true, run: (w) => import("./parts/signed").then((m) => m.signed(w)) },
  mixed: { perWorkers: true, run: (w) => import("./parts/mixed").then((m) => m.mixed(w)) },
  search: { run: () => import("./parts/search").then((m) => m.search()) },
  dashboard: { run: () => import("./parts/dashboard").then((m) => m.dashboard()) },
  checkout: { perWorkers: true, run: (w) => import("./parts/checkout").then((m) => m.checkout(w)) },
  weight: { run: () => import("./parts/weight").then((m) => m.weight()) },
  lighthouse: { run: () => import("./parts/lighthouse").then((m) => m.lighthouse()) },
  bodies: { run: () => import("./parts/bodies").then((m) => m.bodies()) },
};

const args = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const unknown = args.filter((a) => !(a in PARTS));
if (unknown.length) {
  console.error(`Unknown part(s): ${unknown.join(", ")}. Parts: ${Object.keys(PARTS).join(", ")}`);
  process.exit(2);
}
const unknownOptions = process.argv
  .slice(2)
  .filter(
    (a) =>
      a.startsWith("--") &&
      a !== "--quick" &&
      !a.startsWith("--workers=") &&
      !a.startsWith("--db=") &&
      !a.startsWith("--nodes="),
  );
if (unknownOptions.length) {
  console.error(
    `Unknown option(s): ${unknownOptions.join(", ")}. Options: --quick, --workers=1,${os.availableParallelism()}, --db=${ENGINES.join("|")}, --nodes=2`,
  );
  process.exit(2);
}
if (!Number.isInteger(nodes)) {
  console.error("--nodes takes a whole number of at least 1, e.g. --nodes=2");
  process.exit(2);
}
if (!engine) {
  console.error(
    nodes > 1
      ? "--nodes=2 needs PostgreSQL (--db=postgres, the default with --nodes): nodes share one database"
      : `--db takes ${ENGINES.join(" or ")}, e.g. --db=postgres`,
  );
  process.exit(2);
}
// Many nodes: only the parts that load the shop over HTTP (the others measure one process or the database).
const selected = args.length ? args : Object.keys(PARTS).filter((p) => nodes === 1 || PARTS[p].perWorkers);
const oneNodeOnly = nodes > 1 ? selected.filter((p) => !PARTS[p].perWorkers) : [];
if (oneNodeOnly.length) {
  console.error(
    `With --nodes=${nodes}: ${oneNodeOnly.join(", ")} measure one server or the database alone; parts: ${Object.keys(
      PARTS,
    )
      .filter((p) => PARTS[p].perWorkers)
      .join(", ")}`,
  );
  process.exit(2);
}

const workersOption = process.argv.find((a) => a.startsWith("--workers="))?.slice("--workers=".length);
const workerCounts = [
  ...new Set(workersOption ? workersOption.split(",").map(Number) : nodes > 1 ? [1] : [1, os.availableParallelism()]),
];
if (!workerCounts.every((n) => Number.isInteger(n) && n >= 1)) {
  console.error(`--workers takes whole numbers of at least 1, e.g. --workers=1,${os.availableParallelism()}`);
  process.exit(2);
}

// Started before the header, which says which server and version the figures are from.
const database = await engineDescription();
// Ctrl-C: the exit handlers stop the PostgreSQL server and remove its folder.
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => process.exit(130));

function machine(): string {
  const cpu =
    fs.readFileSync("/proc/cpuinfo", "utf8").match(/model name\s*:\s*(.+)/)?.[1] ?? os.cpus()[0]?.model ?? "?";
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
    database,
    ...(nodes > 1
      ? [
          `nodes: ${nodes} shop servers on that one database behind HAProxy (round robin, health checks on /healthz), one payment sandbox; workers are per node`,
        ]
      : []),
    `mode: ${quick ? "quick (BENCH_QUICK: shorter runs, smaller data sets; not for the record)" : "full"}`,
    `workers (WEB_CONCURRENCY) for ${Object.keys(PARTS)
      .filter((p) => PARTS[p].perWorkers)
      .join("/")}: ${workerCounts.join(", ")}`,
  ].join("\n");
}

const started = Date.now();
console.log(machine());
let failed = false;
for (const part of selected) {
  for (const workers of PARTS[part].perWorkers ? workerCounts : [undefined]) {
    const t0 = Date.now();
    console.log(`\n== ${part}${workers === undefined ? "" : ` (WEB_CONCURRENCY=${workers})`}`);
    try {
      await PARTS[part].run(workers);
    } catch (error) {
      if (error instanceof WorkersNotStarted) {
        // A build without node:cluster ignores WEB_CONCURRENCY: nothing to measure that 1 worker did not.
        addRow({
          part,
          workers: error.found,
          measure: `WEB_CONCURRENCY=${error.asked}: not measured`,
          value: error.message,
        });
      } else {
        failed = true;
        console.error(`  ${part} failed:`, error);
      }
    }
    console.log(`  (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  }
}
console.log(`\n${machine()}\ntotal time: ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
console.log(markdownTable(rows));
await stopBenchCluster();
process.exit(failed ? 1 : 0);
