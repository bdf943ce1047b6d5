import { currencySymbol } from "~/lib/money-input";
import { useMoneyFormat } from "~/lib/use-money-format";

/** The shop's currency sign ("$", "€"), for labels such as a table's "Price (€)". */
export function CurrencySign() {
  return <>{currencySymbol(useMoneyFormat())}</>;
}
