import { nodes } from "./engine";

export { percentile, progress, progressDone } from "../../tools/load/measure";

// One row per figure: what was measured, the reference it is compared with, and the goal.
export type Row = {
  part: string;
  /** The shop's worker processes during the measure (parts run once per worker count). */
  workers?: number;
  measure: string;
  value: string;
  /** The main reference: for request rows, a bare node:http server sending the same bytes. */
  reference?: string;
  ratio?: string;
  /** Request rows: the same bytes answered as a constant through the shop's own middleware. */
  sameStack?: string;
  goal?: string;
  met?: boolean;
};

export const rows: Row[] = [];

export function addRow(row: Row) {
  rows.push(row);
  const mark = row.met === undefined ? "" : row.met ? "  [met]" : "  [NOT met]";
  const workers =
    row.workers === undefined
      ? ""
      : ` (${nodes > 1 ? `${nodes} nodes × ` : ""}${row.workers} worker${row.workers === 1 ? "" : "s"})`;
  const references = [
    row.reference,
    row.ratio && `ratio ${row.ratio}`,
    row.sameStack && `same stack ${row.sameStack}`,
  ].filter(Boolean);
  console.log(
    `  ${row.part}${workers} | ${row.measure}: ${row.value}${references.length ? ` (${references.join("; ")})` : ""}${mark}`,
  );
}

const cell = (text: string | undefined) => (text ?? "").replace(/\|/g, "\\|");

/** The table as Markdown, ready to paste into bench/RESULTS.md. */
export function markdownTable(list: Row[] = rows): string {
  const head =
    "| part | workers | measure | value | reference | ratio | same stack | goal | met |\n|---|---|---|---|---|---|---|---|---|";
  const body = list.map(
    (r) =>
      `| ${cell(r.part)} | ${r.workers === undefined ? "" : nodes > 1 ? `${nodes} × ${r.workers}` : r.workers} | ${cell(r.measure)} | ${cell(r.value)} | ${cell(r.reference)} | ${cell(r.ratio)} | ${cell(r.sameStack)} | ${cell(r.goal)} | ${r.met === undefined ? "" : r.met ? "yes" : "**no**"} |`,
  );
  return [head, ...body].join("\n");
}

export const ms = (n: number) => (n < 10 ? `${n.toFixed(2)} ms` : `${n.toFixed(1)} ms`);
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
/** A percentage, with one decimal below 10% (signed-in pages are a few percent of the bare server). */
export const pct = (x: number) => `${(x * 100).toFixed(x < 0.1 ? 1 : 0)}%`;
export const perSecond = (n: number) => `${Math.round(n).toLocaleString("en")} req/s`;
export const times = (x: number) => `${x >= 100 ? x.toFixed(0) : x.toFixed(1)}×`;

/** Quick mode: shorter runs and smaller data sets while developing (`--quick` or BENCH_QUICK=1). */
export const quick = process.env.BENCH_QUICK === "1" || process.argv.includes("--quick");
