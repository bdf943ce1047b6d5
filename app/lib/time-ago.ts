import { countOf } from "./plural";

const UNITS: [limitMs: number, unitMs: number, name: string][] = [
  [60 * 60_000, 60_000, "minute"],
  [24 * 60 * 60_000, 60 * 60_000, "hour"],
  [Infinity, 24 * 60 * 60_000, "day"],
];

/** "just now", "5 minutes ago", "1 hour ago", "3 days ago". */
export function timeAgo(then: Date, now = new Date()): string {
  const elapsed = now.getTime() - then.getTime();
  if (elapsed < 60_000) return "just now";
  const [, unitMs, name] = UNITS.find(([limitMs]) => elapsed < limitMs)!;
  const count = Math.floor(elapsed / unitMs);
  return `${countOf(count, name)} ago`;
}
