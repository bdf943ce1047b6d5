import fs from "node:fs";

// The stages of a test run and the seconds each took, for the table that `npm test` and `.ci/run`
// end with. Each stage is one JSON line in the file TEST_STAGES_FILE names: npm test's stages
// (scripts/test/run.ts), the browser projects (tests/e2e/support/stage-reporter.ts), the two-node
// run's steps (scripts/scale/run.ts), and .ci/run's install and container proof.

export type StageRecord = {
  name: string;
  /** Wall-clock seconds. */
  seconds: number;
  ok: boolean;
  /** A line of detail: tests run, flaky ones, test time. */
  detail?: string;
  /** A part of the stage above it (a browser project, a step of the two-node run): not added to the total. */
  part?: boolean;
};

/** Adds a stage to TEST_STAGES_FILE's table (nothing when it is unset). */
export function recordStage(record: StageRecord): void {
  const file = process.env.TEST_STAGES_FILE;
  if (file) fs.appendFileSync(file, `${JSON.stringify(record)}\n`);
}

export function readStages(file: string): StageRecord[] {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as StageRecord);
}

export function writeStages(file: string, records: StageRecord[]): void {
  fs.writeFileSync(file, records.map((r) => `${JSON.stringify(r)}\n`).join(""));
}

const minutes = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, "0")}`;

/** The stages as a plain-text table, with the total of the whole stages (parts are indented and not added). */
export function stageTable(records: StageRecord[]): string {
  const rows = records.map((r) => [
    r.part ? `  ${r.name}` : r.name,
    r.seconds.toFixed(0),
    r.part ? "" : minutes(r.seconds),
    r.ok ? "ok" : "FAILED",
    r.detail ?? "",
  ]);
  const total = records.filter((r) => !r.part).reduce((sum, r) => sum + r.seconds, 0);
  rows.push(["total", total.toFixed(0), minutes(total), records.every((r) => r.ok) ? "ok" : "FAILED", ""]);
  const header = ["stage", "seconds", "m:ss", "", ""];
  const widths = header.map((_, i) => Math.max(...[header, ...rows].map((row) => row[i].length)));
  const line = (row: string[]) =>
    row
      .map((cell, i) => (i === 1 || i === 2 ? cell.padStart(widths[i]) : cell.padEnd(widths[i])))
      .join("  ")
      .trimEnd();
  return [
    line(header),
    ...rows.slice(0, -1).map(line),
    line(widths.map((w) => "-".repeat(w))),
    line(rows.at(-1)!),
  ].join("\n");
}
