import { useDates } from "~/lib/use-dates";

/**
 * An instant as the shop writes it (its time zone and locale), with the exact instant for machines:
 * the day alone in lists, or the day and time with the zone named ("Nov 29, 2026, 2:05 PM UTC").
 */
export function ShopDate({ at, time = false }: { at: Date | string; time?: boolean }) {
  const dates = useDates();
  const iso = new Date(at).toISOString();
  if (time) return <time dateTime={iso}>{dates.dateTime(at)}</time>;
  return (
    <time dateTime={iso} title={dates.dateTime(at)}>
      {dates.date(at)}
    </time>
  );
}
