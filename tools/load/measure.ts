// What a load run reports as it goes and at its end (the bench, test:scale's kill step).

/** Percentile of an unsorted list of numbers (nearest rank). */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

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
