import { useRouteLoaderData } from "@remix-run/react";
import { createContext, createElement, useContext, type ReactNode } from "react";
import { DEFAULT_MONEY_FORMAT, moneyFormatter } from "./money";
import type { MoneyFormat } from "./shop-settings";

/** The money format of what is shown inside: an order's own, kept with it (see MoneyIn). */
const ScopedMoney = createContext<MoneyFormat | null>(null);

/**
 * Shows the money inside in this format rather than the shop's: an order is always shown in the
 * currency and locale it was paid in, whatever the shop's settings became since.
 */
export function MoneyIn({ format, children }: { format: MoneyFormat; children: ReactNode }) {
  return createElement(ScopedMoney.Provider, { value: format }, children);
}

/**
 * Formats integer cents as the shop writes money (its currency and locale, from the root loader), or
 * in the format of the MoneyIn around it. Read from the route data, not a context of its own, so that
 * fragments rendered apart (CachedFragment) format as the page does.
 */
export function useMoney(): (cents: number) => string {
  const scoped = useContext(ScopedMoney);
  // The root loader's `money` (app/root.tsx); typed here, as lib/ imports nothing above it.
  const root = useRouteLoaderData("root") as { money?: MoneyFormat } | undefined;
  return moneyFormatter(scoped ?? root?.money ?? DEFAULT_MONEY_FORMAT);
}
