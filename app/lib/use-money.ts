import { useRouteLoaderData } from "@remix-run/react";
import { DEFAULT_MONEY_FORMAT, moneyFormatter } from "./money";
import type { MoneyFormat } from "./shop-settings";

/**
 * Formats integer cents as the shop writes money (its currency and locale, from the root loader).
 * Read from the route data, not a context of its own, so that fragments rendered apart
 * (CachedFragment) format as the page does.
 */
export function useMoney(): (cents: number) => string {
  // The root loader's `money` (app/root.tsx); typed here, as lib/ imports nothing above it.
  const root = useRouteLoaderData("root") as { money?: MoneyFormat } | undefined;
  return moneyFormatter(root?.money ?? DEFAULT_MONEY_FORMAT);
}
