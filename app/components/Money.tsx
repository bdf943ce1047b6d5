import { currencySymbol } from "~/lib/money-input";
import { useMoney, useMoneyFormat } from "~/lib/use-money";

/** An amount of integer cents, as the shop writes money (for places a hook cannot go, such as a table's cells). */
export function Money({ cents }: { cents: number }) {
  return <>{useMoney()(cents)}</>;
}

/** The shop's currency sign ("$", "€"), for labels such as a table's "Price (€)". */
export function CurrencySign() {
  return <>{currencySymbol(useMoneyFormat())}</>;
}
