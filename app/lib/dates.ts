// Every date and time the shop shows is written here, in the shop's time zone and locale (Settings),
// never the reader's: the server's page and the one the browser hydrates agree, and an order placed
// at 23:30 in Berlin is on the day its buyer and the owner say it was.

/** The shop's way of writing dates: its IANA time zone ("Europe/Berlin") and locale ("de-DE"). */
export type DateFormat = { timeZone: string; locale: string };

/** What a shop that never chose shows: UTC, written the American way. */
export const DEFAULT_DATE_FORMAT: DateFormat = { timeZone: "UTC", locale: "en-US" };

const DATE: Intl.DateTimeFormatOptions = { year: "numeric", month: "short", day: "numeric" };
const DATE_TIME: Intl.DateTimeFormatOptions = { ...DATE, hour: "numeric", minute: "2-digit", timeZoneName: "short" };
const DAY_KEY: Intl.DateTimeFormatOptions = {
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
};

const formats = new Map<string, Intl.DateTimeFormat>();
/** One Intl.DateTimeFormat per locale, zone and style: making one costs far more than using it. */
function intl(locale: string, timeZone: string, style: "date" | "dateTime" | "parts") {
  const key = `${locale} ${timeZone} ${style}`;
  let format = formats.get(key);
  if (!format) {
    const options = style === "date" ? DATE : style === "dateTime" ? DATE_TIME : DAY_KEY;
    format = new Intl.DateTimeFormat(style === "parts" ? "en-US" : locale, { ...options, timeZone });
    formats.set(key, format);
  }
  return format;
}

type Instant = Date | string | number;

/** The wall clock in `timeZone` at `at`, as numbers. */
function wallClock(at: Date, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const part of intl("en-US", timeZone, "parts").formatToParts(at))
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  return parts as Record<"year" | "month" | "day" | "hour" | "minute" | "second", number>;
}

/** How far `timeZone`'s clock is ahead of UTC at `at`, in milliseconds (+3,600,000 in Berlin in winter). */
function offsetAt(at: number, timeZone: string): number {
  const c = wallClock(new Date(at), timeZone);
  return Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second) - Math.floor(at / 1000) * 1000;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** The calendar day (YYYY-MM-DD) it is in `timeZone` at `at`. */
export function dayIn(at: Instant, timeZone: string): string {
  const c = wallClock(new Date(at), timeZone);
  return `${pad(c.year, 4)}-${pad(c.month)}-${pad(c.day)}`;
}

/** The calendar day `days` after (or before, when negative) `day` (YYYY-MM-DD). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

/**
 * The instant `day` (YYYY-MM-DD) begins in `timeZone`: its midnight, or the first moment after it
 * where a change of clocks skips midnight. Days are 23 or 25 hours long where clocks change.
 */
export function startOfDay(day: string, timeZone: string): Date {
  const [y, m, d] = day.split("-").map(Number);
  const midnightUtc = Date.UTC(y!, m! - 1, d!);
  // The zone's offset at UTC midnight, then at the instant that gives: where they differ, the clocks
  // changed that night, and the day begins at the earlier of the two that is on that day.
  let at = midnightUtc - offsetAt(midnightUtc, timeZone);
  const after = midnightUtc - offsetAt(at, timeZone);
  if (after !== at && dayIn(after, timeZone) === day) at = Math.min(at, after);
  for (let i = 0; i < 8 && dayIn(at, timeZone) !== day; i++) at += 15 * 60_000;
  return new Date(at);
}

/** Writes instants and days as the shop does, in its zone and locale. */
export function dateFormatter({ timeZone, locale }: DateFormat) {
  return {
    /** "Nov 29, 2026" (en-US), "29. Nov. 2026" (de-DE): the day it was in the shop's zone. */
    date: (at: Instant) => intl(locale, timeZone, "date").format(new Date(at)),
    /** "Nov 29, 2026, 2:05 PM UTC", "29 Nov 2026, 14:05 CET" (en-GB): with the zone named. */
    dateTime: (at: Instant) => intl(locale, timeZone, "dateTime").format(new Date(at)),
    /** A calendar day (YYYY-MM-DD) already counted in the shop's zone, written as `date` writes it. */
    day: (day: string) => intl(locale, "UTC", "date").format(new Date(`${day}T00:00:00Z`)),
  };
}
export type DateFormatter = ReturnType<typeof dateFormatter>;

/** The shop's way of writing dates, read from its settings. */
export const dateFormatOf = (settings: { timeZone: string; locale: string }): DateFormat => ({
  timeZone: settings.timeZone,
  locale: settings.locale,
});
