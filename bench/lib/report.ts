// One row per figure: what was measured, the reference it is compared with, and the goal.
export type Row = {
  part: string;
  measure: string;
  value: string;
  reference?: string;
  ratio?: string;
  goal?: string;
  met?: boolean;
};

export const rows: Row[] = [];

export function addRow(row: Row) {
  rows.push(row);
  const mark = row.met === undefined ? "" : row.met ? "  [met]" : "  [NOT met]";
  console.log(`  ${row.part} | ${row.measure}: ${row.value}${row.reference ? ` (ref ${row.reference})` : ""}${mark}`);
}

const cell = (text: string | undefined) => (text ?? "").replace(/\|/g, "\\|");

/** The table as Markdown, ready to paste into bench/RESULTS.md. */
export function markdownTable(list: Row[] = rows): string {
  const head = "| part | measure | value | reference | ratio | goal | met |\n|---|---|---|---|---|---|---|";
  const body = list.map((r) =>
    `| ${cell(r.part)} | ${cell(r.measure)} | ${cell(r.value)} | ${cell(r.reference)} | ${cell(r.ratio)} | ${cell(r.goal)} | ${r.met === undefined ? "" : r.met ? "yes" : "**no**"} |`,
  );
  return [head, ...body].join("\n");
}

export const ms = (n: number) => (n < 10 ? `${n.toFixed(2)} ms` : `${n.toFixed(1)} ms`);
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
export const pct = (x: number) => `${(x * 100).toFixed(0)}%`;
export const times = (x: number) => `${x >= 100 ? x.toFixed(0) : x.toFixed(1)}×`;

/** Percentile of an unsorted list of numbers (nearest rank). */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

/** Quick mode: shorter runs and smaller data sets while developing (`--quick` or BENCH_QUICK=1). */
export const quick = process.env.BENCH_QUICK === "1" || process.argv.includes("--quick");

let lastProgressLine = 0;
/** A progress line: rewritten in place on a terminal, one line every few seconds in a log. */
export function progress(text: string) {
  if (process.stdout.isTTY) process.stdout.write(`\r  ${text}\x1b[K`);
  else if (Date.now() - lastProgressLine > 3000) {
    lastProgressLine = Date.now();
    console.log(`  ${text}`);
  }
}
export function progressDone(text: string) {
  if (process.stdout.isTTY) process.stdout.write(`\r\x1b[K`);
  console.log(`  ${text}`);
}
