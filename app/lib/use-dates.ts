import { useRouteLoaderData } from "@remix-run/react";
import { DEFAULT_DATE_FORMAT, dateFormatter, type DateFormat, type DateFormatter } from "./dates";

/**
 * Writes dates as the shop does (its time zone and locale, from the root loader), never in the
 * browser's zone: the hydrated page says what the server's did. Read from the route data, as
 * useMoney is, so that fragments rendered apart (CachedFragment) write dates as the page does.
 */
export function useDates(): DateFormatter {
  // The root loader's `dates` (app/root.tsx); typed here, as lib/ imports nothing above it.
  const root = useRouteLoaderData("root") as { dates?: DateFormat } | undefined;
  return dateFormatter(root?.dates ?? DEFAULT_DATE_FORMAT);
}
