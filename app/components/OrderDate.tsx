import { formatDate } from "~/lib/dates";

/** An order's date, readable, with the exact time for machines. */
export function OrderDate({ at }: { at: Date | string }) {
  return <time dateTime={new Date(at).toISOString()}>{formatDate(at)}</time>;
}
