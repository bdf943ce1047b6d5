import { useRouteLoaderData } from "@remix-run/react";
import { DEFAULT_MONEY_FORMAT } from "./money";
import type { MoneyFormat } from "./shop-settings";

/**
 * The shop's currency and locale (the root loader's `money`, app/root.tsx): what its money fields
 * read and show (app/lib/money-input.ts) and what labels such as "Price (€)" name.
 */
export function useMoneyFormat(): MoneyFormat {
  const root = useRouteLoaderData("root") as { money?: MoneyFormat } | undefined;
  return root?.money ?? DEFAULT_MONEY_FORMAT;
}
