import { runChild } from "../../tools/load/children";
import { datasetUrl, releaseDataset } from "../lib/datasets";
import { onPostgres } from "../lib/engine";
import { addRow, ms, percentile, quick, times } from "../lib/report";

type Out = {
  products: number;
  results: {
    label: string;
    keyword: string;
    ftsMatches: number;
    likeMatches: number;
    ftsTimes: number[];
    likeTimes: number[];
  }[];
};

// 3. Search at scale: the catalogue query on 100,000 products, the full-text index (SQLite's FTS5,
// PostgreSQL's tsvector with its GIN index) against a LIKE scan. The ratio
// to the scan is printed, but it is no goal (issue 15: bm25 ranks every match, which has a cost).
export async function search() {
  const count = quick ? 20_000 : 100_000;
  const url = await datasetUrl("products", count);
  let out: Out;
  try {
    out = await runChild<Out>("bench/children/search.ts", [String(quick ? 50 : 200)], { DATABASE_URL: url });
  } finally {
    await releaseDataset(url);
  }
  for (const r of out.results) {
    const p50 = percentile(r.ftsTimes, 50);
    const p95 = percentile(r.ftsTimes, 95);
    const likeP50 = percentile(r.likeTimes, 50);
    const likeP95 = percentile(r.likeTimes, 95);
    const speedup = likeP95 / p95;
    addRow({
      part: "search",
      measure: `${r.label} "${r.keyword}" on ${out.products.toLocaleString("en")} products: p50 / p95 (${r.ftsMatches.toLocaleString("en")} matches)`,
      value: `${ms(p50)} / ${ms(p95)}`,
      reference: `${onPostgres ? "ILIKE" : "LIKE"} scan ${ms(likeP50)} / ${ms(likeP95)} (${r.likeMatches.toLocaleString("en")} matches)`,
      ratio: `${times(speedup)} faster`,
      goal: "p95 < 10 ms",
      met: p95 < 10,
    });
  }
}
