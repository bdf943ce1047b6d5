import { useRouteLoaderData } from "@remix-run/react";
import type { loader as rootLoader } from "~/root";
import { DEFAULT_MONEY_FORMAT, moneyFormatter } from "./money";

/**
 * Formats integer cents as the shop writes money (its currency and locale, from the root loader).
 * Read from the route data, not a context of its own, so that fragments rendered apart
 * (CachedFragment) format as the page does.
 */
export function useMoney(): (cents: number) => string {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return moneyFormatter(root?.money ?? DEFAULT_MONEY_FORMAT);
}
