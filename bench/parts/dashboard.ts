import { runChild } from "../../tools/load/children";
import { datasetUrl, releaseDataset } from "../lib/datasets";
import { addRow, mb, ms, percentile, quick, times } from "../lib/report";

type Out = {
  variant: string;
  times: number[];
  rssBefore: number;
  peakRss: number;
  totalAmountCents: number;
  orders: number;
};

// 4. Dashboard at scale: its loader on 1,000,000 orders against loading every row into JavaScript.
export async function dashboard() {
  const count = quick ? 100_000 : 1_000_000;
  const url = await datasetUrl("orders", count);
  let sqlRun: Out, jsRun: Out;
  try {
    const env = { DATABASE_URL: url };
    sqlRun = await runChild<Out>("bench/children/dashboard.ts", ["sql", quick ? "5" : "20"], env);
    jsRun = await runChild<Out>("bench/children/dashboard.ts", ["js", "3"], env);
  } finally {
    await releaseDataset(url);
  }
  if (sqlRun.totalAmountCents !== jsRun.totalAmountCents || sqlRun.orders !== jsRun.orders)
    throw new Error(
      `The two variants disagree: ${JSON.stringify([sqlRun, jsRun].map((r) => [r.totalAmountCents, r.orders]))}`,
    );
  const p50 = percentile(sqlRun.times, 50);
  const jsP50 = percentile(jsRun.times, 50);
  const grew = sqlRun.peakRss - sqlRun.rssBefore;
  const jsGrew = jsRun.peakRss - jsRun.rssBefore;
  addRow({
    part: "dashboard",
    measure: `loader on ${count.toLocaleString("en")} orders: time p50 (first call ${ms(sqlRun.times[0])})`,
    value: ms(p50),
    reference: `all rows in JS ${ms(jsP50)}`,
    ratio: `${times(jsP50 / p50)} faster`,
    goal: "< 50 ms",
    met: p50 < 50,
  });
  addRow({
    part: "dashboard",
    measure: "loader: peak memory growth (maxRSS − RSS before)",
    value: mb(Math.max(0, grew)),
    reference: `all rows in JS +${mb(jsGrew)}`,
    goal: "flat (< 32 MB)",
    met: grew < 32 * 1024 * 1024,
  });
}
